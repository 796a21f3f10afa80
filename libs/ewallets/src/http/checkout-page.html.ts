import type { PayerBranding } from '@gateway/accounts';
import { formatPayerTime, PAYER_PAGE_HEAD_START, type PayerTimeZone } from '@gateway/http-edge';
import type { EwalletPaymentStatus } from '../domain/ewallet-payment.decider';
import type { EwalletPaymentView } from '../read-models/ewallet-payment-view';
import { checkoutPath, wireStatus } from './ewallet.response';

/** Everything interpolated into a page goes through this: no markup from merchants reaches the payer. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const idr = (amount: number) => `IDR ${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/**
 * Who the payer pays and where they are: the merchant's branding (settings) and the payer's time zone (cookie of the
 * invoice page).
 */
export interface CheckoutPageContext {
  branding: PayerBranding;
  payerZone: PayerTimeZone;
}

function layout(title: string, body: string, branding?: PayerBranding): string {
  const color = branding?.color ?? '#1F4E8C';
  const onColor = branding?.onColor ?? '#FFFFFF';
  return (
    `${PAYER_PAGE_HEAD_START}
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:0 auto;padding:0 1rem 2rem;color:#222}
.brand{display:flex;align-items:center;gap:.75rem;background:${color};color:${onColor};padding:.75rem 1rem;margin:0 ` +
    `-1rem 1rem;overflow-wrap:anywhere}
.brand img{max-height:36px;max-width:110px;background:#fff;border-radius:4px;padding:2px}
.merchant{font-weight:700;font-size:1.1rem}
.card{border:1px solid #ddd;border-radius:8px;padding:1.25rem}
h1{font-size:1.3rem;margin:0 0 .5rem}
.amount{font-size:1.6rem;font-weight:600;margin:.5rem 0}
.test{background:#fff3cd;border-radius:4px;padding:.25rem .5rem;font-size:.8rem;display:inline-block}
.muted{color:#4b5563;font-size:.9rem;overflow-wrap:anywhere}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.5rem .5rem 0 ` +
    `0;cursor:pointer;background:${color};color:${onColor};border:1px solid ${color};border-radius:6px}
button#cancel{background:#fff;color:#222;border-color:#6b7280}
table{width:100%;border-collapse:collapse;margin:.5rem 0;table-layout:fixed}td{padding:.2rem 0;overflow-wrap:anywhere}
td.n{text-align:right;width:40%}
.status{font-weight:600}
</style>
</head>
<body>${body}</body>
</html>`
  );
}

const OUTCOME_TEXT: Readonly<Record<EwalletPaymentStatus, string>> = {
  PENDING: 'Waiting for payment',
  COMPLETED: 'Payment successful',
  EXPIRED: 'This payment has expired',
  FAILED: 'This payment was cancelled',
};

/**
 * The hosted checkout of DANA and LINKAJA (spec: wallet types B and C redirect the payer): the
 * simulated wallet where the payer pays, cancels (LINKAJA), or does nothing until it expires.
 */
export function checkoutPage(view: EwalletPaymentView, context: CheckoutPageContext, notice?: string): string {
  const { branding, payerZone } = context;
  const status = wireStatus(view.ewalletType, view.status);
  const action = (verb: string) => `${checkoutPath(view.checkoutToken!)}/${verb}`;
  const items = view.items?.length
    ? `<table id="items">${view.items
        .map(
          (item) =>
            `<tr><td>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</td>` +
            `<td class="n">${escapeHtml(idr(item.price * item.quantity))}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const pending = view.status === 'PENDING';
  const controls = pending
    ? `<form method="post" action="${escapeHtml(action('pay'))}">` +
      `<button id="pay" type="submit">Pay ${escapeHtml(idr(view.amount))}</button></form>` +
      (view.ewalletType === 'LINKAJA'
        ? `<form method="post" action="${escapeHtml(action('cancel'))}">` +
          `<button id="cancel" type="submit">Cancel</button></form>`
        : '')
    : `<p id="outcome" class="status">${escapeHtml(OUTCOME_TEXT[view.status])}</p>` +
      (view.redirectUrl
        ? `<p><a id="return" href="${escapeHtml(view.redirectUrl)}" rel="noreferrer">Return to ` +
          `${escapeHtml(branding.name)}</a></p>`
        : '');
  // The payer is paying the merchant: its name first; the order reference is for support only.
  const body =
    `<header ` +
    `class="brand">${
      branding.logoUrl ? `<img src="${escapeHtml(branding.logoUrl)}" alt="" id="brand-logo">` : ''
    }<span class="merchant" id="merchant">${escapeHtml(branding.name)}</span></header>
<main class="card" data-status="${escapeHtml(status)}">
<h1>${escapeHtml(view.ewalletType)} checkout</h1>
${view.mode === 'test' ? '<p class="test">Test mode: no real money moves</p>' : ''}
<p>You pay <strong>${escapeHtml(branding.name)}</strong></p>
<p class="amount" id="amount">${escapeHtml(idr(view.amount))}</p>
${items}
${
  pending && view.expiresAt
    ? `<p>Pay before <time id="expires" ` +
      `datetime="${escapeHtml(view.expiresAt)}">${escapeHtml(formatPayerTime(view.expiresAt, payerZone.zone))}</` +
      `time> (${payerZone.fromBrowser ? 'your local time' : 'Jakarta time'})</p>`
    : ''
}
${notice ? `<p id="notice" class="status">${escapeHtml(notice)}</p>` : ''}
${controls}
<p class="muted">Payment reference <span id="external-id">${escapeHtml(view.externalId)}</span></p>
</main>`;
  return layout(`Pay ${branding.name} with ${view.ewalletType}`, body, branding);
}

export function notFoundPage(): string {
  return layout(
    'Checkout not found',
    '<main class="card"><h1>Checkout not found</h1><p>This payment link is not valid.</p></main>',
  );
}
