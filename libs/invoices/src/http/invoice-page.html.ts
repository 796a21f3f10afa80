import type { InvoiceSnapshot } from '../domain/invoice.events';

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (amount: number, currency: string) => `${escapeHtml(currency)} ${amount.toLocaleString('en-US')}`;

function timeLeft(expiry: string, now: Date): string {
  const ms = new Date(expiry).getTime() - now.getTime();
  if (ms <= 0) return 'expired';
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/**
 * The hosted invoice page: small server-rendered HTML, readable on a phone, every instruction
 * readable without JavaScript (there is none). In test mode each method has a form that
 * completes a simulated payment.
 */
/** The card method's inputs: the publishable key cards.js tokenizes with, and the CSP nonce of the page's one inline script. */
export interface CardCheckout {
  publicKey: string;
  nonce: string;
}

/**
 * The card form. Card data goes from the payer's browser straight to the tokenization endpoint
 * (cards.js, public key); the form that reaches this gateway's page route carries only the token
 * and authentication ids. 3DS runs in a frame on the hosted authentication page.
 */
function cardMethod(invoice: InvoiceSnapshot, card: CardCheckout): string {
  const config = JSON.stringify({ key: card.publicKey, amount: invoice.amount, action: `/web/invoices/${invoice.invoiceId}/pay_card` }).replace(/</g, '\\u003c');
  return `<li class="method" id="card-method"><h3>Credit or debit card</h3>
    <form id="card-form" autocomplete="on">
      <label>Card number <input id="card-number" inputmode="numeric" autocomplete="cc-number" required></label>
      <label>Expiry month <input id="card-exp-month" inputmode="numeric" autocomplete="cc-exp-month" placeholder="MM" required></label>
      <label>Expiry year <input id="card-exp-year" inputmode="numeric" autocomplete="cc-exp-year" placeholder="YYYY" required></label>
      <label>CVN <input id="card-cvn" inputmode="numeric" autocomplete="cc-csc" required></label>
      <button type="submit" id="card-pay">Pay ${money(invoice.amount, invoice.currency)} by card</button>
    </form>
    <p id="card-error" class="notice" role="alert" hidden></p>
    <div id="card-3ds"></div>
    <form id="card-charge" method="post" action="/web/invoices/${escapeHtml(invoice.invoiceId)}/pay_card"><input type="hidden" name="token_id"><input type="hidden" name="authentication_id"></form>
    <noscript><p>Card payment needs JavaScript; the other methods on this page work without it.</p></noscript>
  <script src="/js/v1/cards.js"></script>
  <script nonce="${escapeHtml(card.nonce)}">
  (function () {
    var config = ${config};
    var form = document.getElementById('card-form'), error = document.getElementById('card-error'), frames = document.getElementById('card-3ds');
    function value(id) { return document.getElementById(id).value.replace(/\\s+/g, ''); }
    function fail(message) { error.textContent = message; error.hidden = false; form.querySelector('button').disabled = false; frames.textContent = ''; }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      error.hidden = true;
      form.querySelector('button').disabled = true;
      Xendit.setPublishableKey(config.key);
      Xendit.card.createToken({ amount: String(config.amount), card_number: value('card-number'), card_exp_month: value('card-exp-month'), card_exp_year: value('card-exp-year'), card_cvn: value('card-cvn'), is_multiple_use: false, should_authenticate: true }, function (err, token) {
        if (err) { fail(err.message || 'The card could not be used'); return; }
        if (token.status === 'IN_REVIEW' && token.payer_authentication_url) {
          var frame = document.createElement('iframe');
          frame.id = 'three-ds'; frame.title = 'Card authentication'; frame.width = '100%'; frame.height = '420';
          frame.src = token.payer_authentication_url;
          frames.textContent = ''; frames.appendChild(frame);
          return;
        }
        if (token.status !== 'VERIFIED') { fail('Card authentication failed. Try again or choose another method.'); return; }
        var charge = document.getElementById('card-charge');
        charge.elements.token_id.value = token.id;
        charge.elements.authentication_id.value = token.authentication_id || '';
        charge.submit();
      });
    });
  })();
  </script></li>`;
}

/** Checkout-type eWallets: a plain form (no script) that sends the payer to the wallet's checkout page. */
function ewalletMethods(invoice: InvoiceSnapshot, ewallets: readonly string[]): string {
  return ewallets
    .map(
      (type) => `<li class="method"><h3>${escapeHtml(type)}</h3>
        <p>Pay ${money(invoice.amount, invoice.currency)} from your ${escapeHtml(type)} balance: you continue on ${escapeHtml(type)}'s checkout page and come back here.</p>
        <form method="post" action="/web/invoices/${escapeHtml(invoice.invoiceId)}/pay_ewallet"><input type="hidden" name="ewallet_type" value="${escapeHtml(type)}"><button type="submit" data-ewallet="${escapeHtml(type)}">Pay with ${escapeHtml(type)}</button></form></li>`,
    )
    .join('');
}

export function renderInvoicePage(invoice: InvoiceSnapshot, now: Date, notice?: string, card?: CardCheckout, ewallets: readonly string[] = []): string {
  const status = invoice.status;
  const items = (invoice.items ?? [])
    .map((item) => `<tr><td>${escapeHtml(item.name)}</td><td>${escapeHtml(item.quantity)}</td><td>${money(item.price, invoice.currency)}</td></tr>`)
    .join('');
  const simulate = (channel: string, label: string) =>
    invoice.mode === 'test'
      ? `<form method="post" action="/web/invoices/${escapeHtml(invoice.invoiceId)}/pay"><input type="hidden" name="channel" value="${escapeHtml(channel)}"><button type="submit" data-channel="${escapeHtml(channel)}">${escapeHtml(label)}</button></form>`
      : '';
  const banks = invoice.banks
    .map(
      (bank) => `<li class="method"><h3>${escapeHtml(bank.bankCode)} virtual account</h3>
        <p>Transfer exactly <strong>${money(bank.transferAmount, invoice.currency)}</strong> to account number</p>
        <p class="number" data-bank="${escapeHtml(bank.bankCode)}">${escapeHtml(bank.accountNumber)}</p>
        <p>Account holder: ${escapeHtml(bank.accountHolderName)}. Use your bank's ATM, mobile or internet banking: choose "virtual account" and enter the number above.</p>
        ${simulate(bank.bankCode, `Simulate ${bank.bankCode} transfer (test mode)`)}</li>`,
    )
    .join('');
  const outlets = invoice.retailOutlets
    .map(
      (outlet) => `<li class="method"><h3>${escapeHtml(outlet.retailOutletName)}</h3>
        <p>Tell the cashier you are paying with payment code</p>
        <p class="number" data-outlet="${escapeHtml(outlet.retailOutletName)}">${escapeHtml(outlet.paymentCode)}</p>
        <p>and pay exactly <strong>${money(outlet.transferAmount, invoice.currency)}</strong>.</p>
        ${simulate(outlet.retailOutletName, `Simulate ${outlet.retailOutletName} payment (test mode)`)}</li>`,
    )
    .join('');
  const cardSection = card ? cardMethod(invoice, card) : '';
  const others = invoice.paymentMethods.filter(
    (code) =>
      !invoice.banks.some((b) => b.bankCode === code) &&
      !invoice.retailOutlets.some((o) => o.retailOutletName === code) &&
      !(card && code === 'CREDIT_CARD') &&
      !ewallets.includes(code),
  );
  const redirect =
    status === 'EXPIRED' && invoice.failureRedirectUrl
      ? `<p><a id="failure-redirect" href="${escapeHtml(invoice.failureRedirectUrl)}">Return to ${escapeHtml(invoice.merchantName)}</a></p>`
      : (status === 'PAID' || status === 'SETTLED') && invoice.successRedirectUrl
        ? `<p><a id="success-redirect" href="${escapeHtml(invoice.successRedirectUrl)}">Return to ${escapeHtml(invoice.merchantName)}</a></p>`
        : '';
  const body =
    status === 'PENDING'
      ? `<p>Time left to pay: <strong id="time-left">${escapeHtml(timeLeft(invoice.expiryDate, now))}</strong> (until ${escapeHtml(invoice.expiryDate)})</p>
         <h2>Choose how to pay</h2><ul class="methods">${cardSection}${ewalletMethods(invoice, ewallets)}${banks}${outlets}</ul>
         ${others.length ? `<p class="other">Also accepted: ${others.map(escapeHtml).join(', ')} (card and eWallet checkout open from your merchant's app).</p>` : ''}`
      : `<p class="status" id="status">${status === 'EXPIRED' ? 'This invoice has expired.' : 'This invoice is paid. Thank you!'}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Invoice from ${escapeHtml(invoice.merchantName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;max-width:640px;margin:auto;color:#1a1a1a;line-height:1.45}
h1{font-size:1.3rem} .amount{font-size:1.8rem;font-weight:700} table{width:100%;border-collapse:collapse} td{padding:4px 0;border-bottom:1px solid #eee}
.methods{list-style:none;padding:0} .method{border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0}
.number{font-family:monospace;font-size:1.4rem;letter-spacing:1px;word-break:break-all} button{font-size:1rem;padding:10px 14px;width:100%}
.status{font-size:1.2rem;font-weight:600} label{display:block;margin:6px 0} input{font-size:1rem;padding:8px;width:100%;box-sizing:border-box} iframe{border:1px solid #ddd;border-radius:8px} .notice{background:#fff4d6;padding:8px;border-radius:6px}
</style></head>
<body><main>
<h1>${escapeHtml(invoice.merchantName)}</h1>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<p class="amount" id="amount">${money(invoice.amount, invoice.currency)}</p>
<p id="description">${escapeHtml(invoice.description)}</p>
${items ? `<table id="items"><thead><tr><th align="left">Item</th><th align="left">Qty</th><th align="left">Price</th></tr></thead><tbody>${items}</tbody></table>` : ''}
<p>Status: <strong id="invoice-status">${escapeHtml(status)}</strong></p>
${body}
${redirect}
</main></body></html>`;
}

/**
 * What a payer sees at an invoice link that names no invoice (mistyped, truncated, or made up): a
 * page, not the API's JSON error. It says nothing about which invoices exist.
 */
export function renderInvoiceNotFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Invoice not found</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;max-width:640px;margin:auto;color:#1a1a1a;line-height:1.45} h1{font-size:1.3rem}</style></head>
<body><main>
<h1 id="not-found">Invoice not found</h1>
<p>This payment link does not lead to an invoice. Check the link you received, or ask the merchant for a new one.</p>
</main></body></html>`;
}
