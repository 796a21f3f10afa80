import type { PayerBranding } from '@gateway/accounts';
import { PAYMENT_CHANNELS } from '@gateway/domain';
import { formatPayerTime, PAYER_TIME_SCRIPT, type PayerTimeZone } from '@gateway/http-edge';
import type { InvoiceBank, InvoiceItem, InvoiceRetailOutlet, InvoiceSnapshot } from '../domain/invoice.events';

const escapeHtml = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
/**
 * An amount as the payer reads it. A stored value that is not a number (an item kept as `{}` before the edge refused
 * `"items": [[]]`, docs/decisions.md "Shapes inside lists and objects") shows as a dash: the page still answers.
 */
const money = (amount: unknown, currency: string) =>
  `${escapeHtml(currency)} ${typeof amount === 'number' ? amount.toLocaleString('en-US') : '—'}`;

function timeLeft(expiry: string, now: Date): string {
  const ms = new Date(expiry).getTime() - now.getTime();
  if (ms <= 0) return 'expired';
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The card method's inputs: the publishable key cards.js tokenizes with. */
export interface CardCheckout {
  publicKey: string;
}

/** How the page looks for this merchant and this payer, and the nonce of its one inline script. */
export interface InvoicePageOptions {
  branding: PayerBranding;
  payerZone: PayerTimeZone;
  nonce: string;
  card?: CardCheckout;
  ewallets?: readonly string[];
  notice?: string;
}

/**
 * Above this many methods the page shows its groups (bank transfer, retail, e-wallet, card)
 * closed: a payer opens the one they want instead of scrolling past thirteen sets of
 * instructions (issue 21: 4,390 px tall). With a few methods everything is open.
 */
const OPEN_UP_TO = 3;

/** What the payer reads when the card cannot be used: by error code, never the API's field names. */
const CARD_MESSAGES: Record<string, string> = {
  ACCOUNT_NUMBER_INVALID_ERROR: 'The card number is not valid. Check it and try again.',
  BRAND_NOT_SUPPORTED_ERROR: 'This card is not accepted here. Use a Visa or Mastercard card.',
  CREDIT_CARD_DATA_ERROR: 'This card has expired. Use another card.',
  VALIDATION_ERROR: 'Check the card number, the expiry month and year, and the security code.',
  API_VALIDATION_ERROR: 'Check the card number, the expiry month and year, and the security code.',
  INVALID_CVN_LENGTH_ERROR: 'The security code has the wrong number of digits.',
  VERIFICATION_TIMEOUT_ERROR: 'Your bank did not answer in time. Try again, or use another card.',
  CONNECTION_ERROR: 'We could not reach the payment service. Check your connection and try again.',
};
const CARD_FALLBACK = 'This card could not be used. Try again, or choose another way to pay.';

/**
 * The card form. Card data goes from the payer's browser straight to the tokenization endpoint
 * (cards.js, public key); the form that reaches this gateway's page route carries only the token
 * and authentication ids. 3DS runs in a frame on the hosted authentication page.
 */
function cardMethod(invoice: InvoiceSnapshot, card: CardCheckout, nonce: string): string {
  const config = JSON.stringify({
    key: card.publicKey,
    amount: invoice.amount,
    messages: CARD_MESSAGES,
    fallback: CARD_FALLBACK,
  }).replace(/</g, '\\u003c');
  return (
    `<li class="method" id="card-method"><h3>Credit or debit card</h3>
    <form id="card-form" autocomplete="on">
      <label>Card number <input id="card-number" inputmode="numeric" autocomplete="cc-number" required></label>
      <div class="pair"><label>Expiry month <input id="card-exp-month" inputmode="numeric" ` +
    `autocomplete="cc-exp-month" placeholder="MM" required></label>
      <label>Expiry year <input id="card-exp-year" inputmode="numeric" autocomplete="cc-exp-year" ` +
    `placeholder="YYYY" required></label></div>
      <label>Security code (3 digits on the back) <input id="card-cvn" inputmode="numeric" autocomplete="cc-csc" ` +
    `required></label>
      <button type="submit" id="card-pay">Pay ${money(invoice.amount, invoice.currency)} by card</button>
    </form>
    <p id="card-error" class="notice" role="alert" hidden></p>
    <div id="card-3ds"></div>
    <form id="card-charge" method="post" action="/web/invoices/${escapeHtml(invoice.invoiceId)}/pay_card">` +
    `<input type="hidden" name="token_id"><input type="hidden" name="authentication_id"></form>
    <noscript><p>Card payment needs JavaScript; the other methods on this page work without it.</p></noscript>
  <script src="/js/v1/cards.js"></script>
  <script nonce="${escapeHtml(nonce)}">
  (function () {
    var config = ${config};
    var form = document.getElementById('card-form'), error = document.getElementById('card-error'), ` +
    `frames = document.getElementById('card-3ds');
    function value(id) { return document.getElementById(id).value.replace(/\\s+/g, ''); }
    function fail(message) { error.textContent = message; error.hidden = false; ` +
    `form.querySelector('button').disabled = false; frames.textContent = ''; }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      error.hidden = true;
      form.querySelector('button').disabled = true;
      Xendit.setPublishableKey(config.key);
      Xendit.card.createToken({ amount: String(config.amount), card_number: value('card-number'), ` +
    `card_exp_month: value('card-exp-month'), card_exp_year: value('card-exp-year'), card_cvn: value('card-cvn'), ` +
    `is_multiple_use: false, should_authenticate: true }, function (err, token) {
        if (err) { fail(config.messages[err.error_code] || config.fallback); return; }
        if (token.status === 'IN_REVIEW' && token.payer_authentication_url) {
          var frame = document.createElement('iframe');
          frame.id = 'three-ds'; frame.title = 'Card authentication'; frame.width = '100%'; frame.height = '420';
          frame.src = token.payer_authentication_url;
          frames.textContent = ''; frames.appendChild(frame);
          return;
        }
        if (token.status !== 'VERIFIED') { fail('Your bank did not confirm this payment. Try again, ` +
    `or choose another way to pay.'); return; }
        var charge = document.getElementById('card-charge');
        charge.elements.token_id.value = token.id;
        charge.elements.authentication_id.value = token.authentication_id || '';
        charge.submit();
      });
    });
  })();
  </script></li>`
  );
}

/** Checkout-type eWallets: a plain form (no script) that sends the payer to the wallet's checkout page. */
function ewalletMethod(invoice: InvoiceSnapshot, type: string): string {
  return (
    `<li class="method"><h3>${escapeHtml(type)}</h3>
        <p>Pay ${money(invoice.amount, invoice.currency)} from your ${escapeHtml(type)} balance: you continue on ` +
    `${escapeHtml(type)}'s page and come back here.</p>
        <form method="post" action="/web/invoices/${escapeHtml(invoice.invoiceId)}/pay_ewallet">` +
    `<input type="hidden" name="ewallet_type" value="${escapeHtml(type)}">` +
    `<button type="submit" data-ewallet="${escapeHtml(type)}">Pay with ${escapeHtml(type)}</button></form></li>`
  );
}

const copyButton = (target: string, label: string) =>
  `<button type="button" class="copy secondary" data-copy="${escapeHtml(target)}" hidden>${escapeHtml(label)}</button>`;

function bankMethod(
  invoice: InvoiceSnapshot,
  bank: InvoiceBank,
  simulate: (channel: string, label: string) => string,
): string {
  const id = `number-${bank.bankCode}`;
  const name = PAYMENT_CHANNELS.find((channel) => channel.code === bank.bankCode)?.name ?? bank.bankCode;
  return (
    `<p>Transfer exactly <strong>${money(bank.transferAmount, invoice.currency)}</strong> to this ` +
    `${escapeHtml(name)} virtual account number:</p>
        <div class="copy-row"><p class="number" data-bank="${escapeHtml(bank.bankCode)}" ` +
    `id="${escapeHtml(id)}">${escapeHtml(bank.accountNumber)}</p>${copyButton(id, 'Copy number')}</div>
        <p>Account holder: ${escapeHtml(bank.accountHolderName)}. In your bank's app, internet banking or ATM, ` +
    `choose "virtual account" and enter the number above.</p>
        ${simulate(bank.bankCode, `Simulate ${bank.bankCode} transfer (test mode)`)}`
  );
}

function outletMethod(
  invoice: InvoiceSnapshot,
  outlet: InvoiceRetailOutlet,
  simulate: (channel: string, label: string) => string,
): string {
  const id = `code-${outlet.retailOutletName}`;
  return (
    `<p>Tell the cashier you are paying with this payment code:</p>
        <div class="copy-row"><p class="number" data-outlet="${escapeHtml(outlet.retailOutletName)}" ` +
    `id="${escapeHtml(id)}">${escapeHtml(outlet.paymentCode)}</p>${copyButton(id, 'Copy code')}</div>
        <p>and pay exactly <strong>${money(outlet.transferAmount, invoice.currency)}</strong>.</p>
        ${simulate(outlet.retailOutletName, `Simulate ${outlet.retailOutletName} payment (test mode)`)}`
  );
}

/** A group of methods: open, or (many methods on the page) a closed disclosure the payer opens. */
function group(
  id: string,
  title: string,
  hint: string,
  items: { title: string; body: string; raw?: boolean }[],
  collapsed: boolean,
): string {
  if (items.length === 0) return '';
  const entries = items
    .map((item) =>
      item.raw
        ? item.body
        : collapsed && items.length > 1
          ? `<li class="method"><details><summary>${escapeHtml(item.title)}</summary>${item.body}</details></li>`
          : `<li class="method"><h3>${escapeHtml(item.title)}</h3>${item.body}</li>`,
    )
    .join('');
  return (
    `<details class="group" id="${id}"${collapsed ? '' : ' open'}><summary>` +
    `<span class="group-title">${escapeHtml(title)}</span> <span class="hint">${escapeHtml(hint)}</span></summary>` +
    `<ul class="methods">${entries}</ul></details>`
  );
}

const css = (branding: PayerBranding) =>
  `
:root{--brand:${branding.color};--on-brand:${branding.onColor}}
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;line-height:1.45;background:#f5f6f8}
.brand{background:var(--brand);color:var(--on-brand);padding:12px 16px}
.brand .inner{max-width:640px;margin:auto;display:flex;align-items:center;gap:12px}
.brand img{max-height:40px;max-width:120px;background:#fff;border-radius:6px;padding:2px}
h1{font-size:1.3rem;margin:0;overflow-wrap:anywhere}
main{max-width:640px;margin:auto;padding:16px;overflow-wrap:anywhere}
#items{table-layout:fixed} #items th:nth-child(2){width:3.5rem} #items th:nth-child(3){width:40%}
.card{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:12px 14px;margin:12px 0}
.amount{font-size:1.8rem;font-weight:700;margin:.2rem 0} table{width:100%;border-collapse:collapse} ` +
  `td,th{padding:4px 0;border-bottom:1px solid #eee;text-align:left}
.group{background:#fff;border:1px solid #dde1e6;border-radius:8px;margin:10px 0}
.group>summary{cursor:pointer;padding:12px 14px;font-weight:600;list-style-position:inside}
.group[open]>summary{border-bottom:1px solid #eee}
.hint{font-weight:400;color:#4b5563;font-size:.9rem}
.methods{list-style:none;padding:0 14px;margin:0} .method{padding:10px 0;border-bottom:1px solid #eee} ` +
  `.method:last-child{border-bottom:0}
.method>details>summary{cursor:pointer;font-weight:600;padding:4px 0}
h3{margin:0 0 .3rem;font-size:1rem}
.copy-row{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.number{font-family:monospace;font-size:1.4rem;letter-spacing:1px;word-break:break-all;margin:.3rem 0}
button{font-size:1rem;padding:10px 14px;width:100%;background:var(--brand);color:var(--on-brand);border:1px solid ` +
  `var(--brand);border-radius:6px;cursor:pointer}
button.copy{width:auto;padding:6px 12px;font-size:.9rem;background:#fff;color:#1a1a1a;border:1px solid #6b7280}
.status{font-size:1.2rem;font-weight:600} label{display:block;margin:6px 0} ` +
  `input{font-size:1rem;padding:8px;width:100%;border:1px solid #6b7280;border-radius:4px}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:8px}
iframe{border:1px solid #ddd;border-radius:8px;max-width:100%} .notice{background:#fff4d6;padding:8px;border-radius:6px}
a{color:#0b57d0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/** Copy buttons and local deadlines: enhancements only, the page reads the same without them. */
const pageScript = `${PAYER_TIME_SCRIPT}
(function () {
  var status = document.getElementById('copy-status');
  var buttons = document.querySelectorAll('button[data-copy]');
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].hidden = false;
    buttons[i].addEventListener('click', function (event) {
      var target = document.getElementById(event.currentTarget.getAttribute('data-copy'));
      var text = target ? target.textContent.trim() : '';
      var done = function () { if (status) status.textContent = 'Copied ' + text; };
      var fallback = function () { select(target, text); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, fallback);
      } else fallback();
    });
  }
  // Without the clipboard API (plain HTTP, an old browser, a refused permission): select the
  // number so one copy gesture takes it, and say so.
  function select(target, text) {
    if (target && window.getSelection && document.createRange) {
      var range = document.createRange();
      range.selectNodeContents(target);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    }
    if (status) {
      status.className = 'notice';
      status.textContent = 'Could not copy automatically: ' + text + ' is selected, copy it with your device.';
    }
  }
})();`;

/**
 * The hosted invoice page: small server-rendered HTML in the merchant's name, logo and colour,
 * readable on a phone and without JavaScript. Methods are grouped (bank transfer, retail
 * outlets, e-wallets, card) and, when there are many, collapsed; numbers and codes have copy
 * buttons; the deadline is in the payer's time zone. In test mode each method has a form that
 * completes a simulated payment.
 */
export function renderInvoicePage(invoice: InvoiceSnapshot, now: Date, options: InvoicePageOptions): string {
  const { branding, payerZone, nonce, card, notice } = options;
  const ewallets = options.ewallets ?? [];
  const status = invoice.status;
  // Partial: items stored before the edge refused `"items": [[]]` are `{}` (their events are immutable).
  const items = ((invoice.items ?? []) as Partial<InvoiceItem>[])
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name ?? '')}</td><td>${escapeHtml(item.quantity ?? '')}</td>` +
        `<td>${money(item.price, invoice.currency)}</td></tr>`,
    )
    .join('');
  const simulate = (channel: string, label: string) =>
    invoice.mode === 'test'
      ? `<form method="post" action="/web/invoices/${escapeHtml(invoice.invoiceId)}/pay">` +
        `<input type="hidden" name="channel" value="${escapeHtml(channel)}">` +
        `<button type="submit" data-channel="${escapeHtml(channel)}">${escapeHtml(label)}</button></form>`
      : '';
  const methodCount = invoice.banks.length + invoice.retailOutlets.length + ewallets.length + (card ? 1 : 0);
  const collapsed = methodCount > OPEN_UP_TO;
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const groups = [
    card
      ? group(
          'group-card',
          'Credit or debit card',
          'Visa, Mastercard',
          [{ title: 'Card', body: cardMethod(invoice, card, nonce), raw: true }],
          collapsed,
        )
      : '',
    group(
      'group-ewallet',
      'E-wallet',
      ewallets.join(', '),
      ewallets.map((type) => ({ title: type, body: ewalletMethod(invoice, type), raw: true })),
      collapsed,
    ),
    group(
      'group-bank',
      'Bank transfer (virtual account)',
      plural(invoice.banks.length, 'bank', 'banks'),
      invoice.banks.map((bank) => ({
        title: `${bank.bankCode.replace(/_/g, ' ')} virtual account`,
        body: bankMethod(invoice, bank, simulate),
      })),
      collapsed,
    ),
    group(
      'group-retail',
      'Retail outlet',
      invoice.retailOutlets.map((outlet) => outlet.retailOutletName).join(', '),
      invoice.retailOutlets.map((outlet) => ({
        title: outlet.retailOutletName,
        body: outletMethod(invoice, outlet, simulate),
      })),
      collapsed,
    ),
  ].join('');
  const others = invoice.paymentMethods.filter(
    (code) =>
      !invoice.banks.some((b) => b.bankCode === code) &&
      !invoice.retailOutlets.some((o) => o.retailOutletName === code) &&
      !(card && code === 'CREDIT_CARD') &&
      !ewallets.includes(code),
  );
  const redirect =
    status === 'EXPIRED' && invoice.failureRedirectUrl
      ? `<p><a id="failure-redirect" href="${escapeHtml(invoice.failureRedirectUrl)}">Return to ` +
        `${escapeHtml(branding.name)}</a></p>`
      : (status === 'PAID' || status === 'SETTLED') && invoice.successRedirectUrl
        ? `<p><a id="success-redirect" href="${escapeHtml(invoice.successRedirectUrl)}">Return to ` +
          `${escapeHtml(branding.name)}</a></p>`
        : '';
  const deadline =
    `<time id="deadline" datetime="${escapeHtml(invoice.expiryDate)}" ` +
    `data-payer-time>${escapeHtml(formatPayerTime(invoice.expiryDate, payerZone.zone))}</time>`;
  const body =
    status === 'PENDING'
      ? `<p class="card">Pay before ${deadline} (<span ` +
        `data-zone-note>${payerZone.fromBrowser ? 'your local time' : 'Jakarta time'}</span>). Time left: ` +
        `<strong id="time-left">${escapeHtml(timeLeft(invoice.expiryDate, now))}</strong></p>
         <h2>Choose how to pay</h2>
         ${collapsed ? '<p class="hint">Open the way you want to pay.</p>' : ''}
         ${groups}
         ` +
        `${
          others.length
            ? `<p class="other">Also accepted: ${others.map(escapeHtml).join(', ')} (card and e-wallet checkout ` +
              `open from the merchant's app).</p>`
            : ''
        }`
      : `<p class="status card" id="status">` +
        `${status === 'EXPIRED' ? 'This invoice has expired.' : 'This invoice is paid. Thank you!'}</p>`;
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Invoice from ${escapeHtml(branding.name)}</title>
<style>${css(branding)}</style></head>
<body>
<header class="brand"><div class="inner">` +
    `${branding.logoUrl ? `<img src="${escapeHtml(branding.logoUrl)}" alt="" id="brand-logo">` : ''}<h1>` +
    `${escapeHtml(branding.name)}</h1></div></header>
<main>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<section class="card" aria-label="What you pay for">
<p class="amount" id="amount">${money(invoice.amount, invoice.currency)}</p>
<p id="description">${escapeHtml(invoice.description)}</p>
${
  items
    ? `<table id="items"><thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th></tr>` +
      `</thead><tbody>${items}</tbody></table>`
    : ''
}
<p>Status: <strong id="invoice-status">${escapeHtml(status)}</strong></p>
</section>
${body}
${redirect}
<p id="copy-status" class="visually-hidden" role="status" aria-live="polite"></p>
</main>
<script nonce="${escapeHtml(nonce)}">${pageScript}</script>
</body></html>`
  );
}

/**
 * What a payer sees at an invoice link that names no invoice (mistyped, truncated, or made up): a
 * page, not the API's JSON error. It says nothing about which invoices exist.
 */
export function renderInvoiceNotFoundPage(): string {
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Invoice not found</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;max-width:640px;margin:auto;color:#1a1a1a;` +
    `line-height:1.45} h1{font-size:1.3rem}</style></head>
<body><main>
<h1 id="not-found">Invoice not found</h1>
<p>This payment link does not lead to an invoice. Check the link you received, or ask the merchant for a new one.</p>
</main></body></html>`
  );
}
