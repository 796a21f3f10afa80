import type { EwalletPaymentStatus } from '../domain/ewallet-payment.decider';
import type { EwalletPaymentView } from '../read-models/ewallet-payment-view';
import { checkoutPath, wireStatus } from './ewallet.response';

/** Everything interpolated into a page goes through this: no markup from merchants reaches the payer. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const idr = (amount: number) => `IDR ${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.card{border:1px solid #ddd;border-radius:8px;padding:1.25rem}
.amount{font-size:1.6rem;font-weight:600;margin:.5rem 0}
.test{background:#fff3cd;border-radius:4px;padding:.25rem .5rem;font-size:.8rem;display:inline-block}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.5rem .5rem 0 0;cursor:pointer}
table{width:100%;border-collapse:collapse;margin:.5rem 0}td{padding:.2rem 0}td.n{text-align:right}
.status{font-weight:600}
</style>
</head>
<body>${body}</body>
</html>`;
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
export function checkoutPage(view: EwalletPaymentView, notice?: string): string {
  const status = wireStatus(view.ewalletType, view.status);
  const action = (verb: string) => `${checkoutPath(view.checkoutToken!)}/${verb}`;
  const items = view.items?.length
    ? `<table id="items">${view.items
        .map((item) => `<tr><td>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</td><td class="n">${escapeHtml(idr(item.price * item.quantity))}</td></tr>`)
        .join('')}</table>`
    : '';
  const pending = view.status === 'PENDING';
  const controls = pending
    ? `<form method="post" action="${escapeHtml(action('pay'))}"><button id="pay" type="submit">Pay ${escapeHtml(idr(view.amount))}</button></form>` +
      (view.ewalletType === 'LINKAJA' ? `<form method="post" action="${escapeHtml(action('cancel'))}"><button id="cancel" type="submit">Cancel</button></form>` : '')
    : `<p id="outcome" class="status">${escapeHtml(OUTCOME_TEXT[view.status])}</p>` +
      (view.redirectUrl ? `<p><a id="return" href="${escapeHtml(view.redirectUrl)}" rel="noreferrer">Return to the merchant</a></p>` : '');
  const body = `<main class="card" data-status="${escapeHtml(status)}">
<h1>${escapeHtml(view.ewalletType)} checkout</h1>
${view.mode === 'test' ? '<p class="test">Test mode: no real money moves</p>' : ''}
<p>Order <span id="external-id">${escapeHtml(view.externalId)}</span></p>
<p class="amount" id="amount">${escapeHtml(idr(view.amount))}</p>
${items}
${pending && view.expiresAt ? `<p>Pay before <time id="expires" datetime="${escapeHtml(view.expiresAt)}">${escapeHtml(view.expiresAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></p>` : ''}
${notice ? `<p id="notice" class="status">${escapeHtml(notice)}</p>` : ''}
${controls}
</main>`;
  return layout(`${view.ewalletType} checkout`, body);
}

export function notFoundPage(): string {
  return layout('Checkout not found', '<main class="card"><h1>Checkout not found</h1><p>This payment link is not valid.</p></main>');
}
