import { EWALLET_TYPES } from '@gateway/ewallets';
import { RETAIL_OUTLETS } from '@gateway/payment-codes';
import { VA_BANKS } from '@gateway/virtual-accounts';
import type { DashboardSession } from '../../../read-models/session-store';
import { formKeyField } from '../../kit/action-runner';
import type { FormError } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { formatInstant, formatUtc } from '../../kit/viewer-time';

export const MAX_ADVANCE_MINUTES = 366 * 24 * 60;

export type TestToolForm = 'va' | 'retail' | 'ewallet' | 'top-up' | 'clock';

/** What one form of the page shows: its values (as typed, or prefilled by a link) and its problem. */
export interface TestToolsState {
  form?: TestToolForm;
  values?: Record<string, string>;
  error?: FormError;
}

const selected = (value: string, current: string | undefined) => (value === current ? html` selected` : '');

/**
 * The test tools page. A refused form comes back with what was typed and the problem next to it
 * (issue 21: "errors keep the page and the input"); links from an invoice, a fixed VA or a
 * payment code open it with the number and the exact amount filled in.
 */
export function renderTestTools(
  session: DashboardSession,
  now: Date,
  zone: string,
  state: TestToolsState,
  notice?: string,
): string {
  const value = (form: TestToolForm, name: string) => (state.form === form ? (state.values?.[name] ?? '') : '');
  const problem = (form: TestToolForm): SafeHtml | '' => (state.form === form && state.error ? state.error.box : '');
  const body = html`<p class="muted">Test mode only: these tools act as the banks, the outlets, \
the eWallets and the clock would. Numbers and codes of invoices, fixed VAs and payment codes are all accepted.</p>
<section aria-labelledby="sim-va-h" class="card"><h2 id="sim-va-h">Pay a virtual account</h2>
<form method="post" action="/dashboard/test-tools/simulate/va-payment">${csrfField(session)}${formKeyField()}
  ${problem('va')}
  <label for="va-bank">Bank</label><select id="va-bank" name="bank_code">${VA_BANKS.map(
    (bank) =>
      html`<option value="${bank.code}"${selected(bank.code, value('va', 'bank_code'))}>${bank.code} · \
${bank.name}</option>`,
  )}</select>
  <label for="va-number">Account number (complete, with the merchant code)</label>\
<input id="va-number" name="account_number" type="text" inputmode="numeric" maxlength="32" required \
value="${value('va', 'account_number')}">
  <label for="va-amount">Amount (IDR)</label><input id="va-amount" name="amount" type="number" min="1" step="1" \
required value="${value('va', 'amount')}">
  <button type="submit">Simulate VA payment</button>
</form></section>
<section aria-labelledby="sim-fpc-h" class="card"><h2 id="sim-fpc-h">Pay at a retail outlet</h2>
<form method="post" action="/dashboard/test-tools/simulate/payment-code-payment">${csrfField(session)}${formKeyField()}
  ${problem('retail')}
  <label for="fpc-outlet">Retail outlet</label><select id="fpc-outlet" name="retail_outlet_name">${RETAIL_OUTLETS.map(
    (outlet) =>
      html`<option value="${outlet.code}"${selected(outlet.code, value('retail', 'retail_outlet_name'))}>\
${outlet.name}</option>`,
  )}</select>
  <label for="fpc-code">Payment code</label><input id="fpc-code" name="payment_code" type="text" maxlength="64" \
required value="${value('retail', 'payment_code')}">
  <label for="fpc-amount">Amount (IDR)</label><input id="fpc-amount" name="amount" type="number" min="1" step="1" \
required value="${value('retail', 'amount')}">
  <button type="submit">Simulate payment-code payment</button>
</form></section>
<section aria-labelledby="sim-ew-h" class="card"><h2 id="sim-ew-h">Request an eWallet payment</h2>
<p class="muted">DANA and LINKAJA give a checkout link to pay or cancel as the payer; \
OVO decides by the phone number (see the eWallet test phones in the docs).</p>
<form method="post" action="/dashboard/test-tools/simulate/ewallet-payment">${csrfField(session)}${formKeyField()}
  ${problem('ewallet')}
  <label for="ew-type">eWallet</label><select id="ew-type" name="ewallet_type">${EWALLET_TYPES.map(
    (type) => html`<option value="${type}"${selected(type, value('ewallet', 'ewallet_type'))}>${type}</option>`,
  )}</select>
  <label for="ew-amount">Amount (IDR)</label><input id="ew-amount" name="amount" type="number" min="1" step="1" \
required value="${value('ewallet', 'amount')}">
  <label for="ew-phone">Payer phone (OVO and LINKAJA)</label>\
<input id="ew-phone" name="phone" type="text" inputmode="tel" maxlength="16" value="${value('ewallet', 'phone')}">
  <button type="submit">Request eWallet payment</button>
</form></section>
<section aria-labelledby="topup-h" class="card"><h2 id="topup-h">Top up the balance</h2>
<p class="muted">A test top-up is counted apart from sales on the finance page.</p>
<form method="post" action="/dashboard/test-tools/top-up">${csrfField(session)}${formKeyField()}
  ${problem('top-up')}
  <label for="amount">Amount (minor units)</label><input id="amount" name="amount" type="number" min="1" step="1" \
required value="${value('top-up', 'amount')}">
  <label for="currency">Currency</label><input id="currency" name="currency" type="text" value="${
    value('top-up', 'currency') || 'IDR'
  }" maxlength="3" required>
  <button type="submit">Top up</button>
</form></section>
<section aria-labelledby="clock-h" class="card"><h2 id="clock-h">Test clock</h2>
<p>Business time now: <time id="test-clock-now" datetime="${now.toISOString()}" \
title="${formatUtc(now)}">${formatInstant(now, zone)}</time></p>
<form method="post" action="/dashboard/test-tools/advance-clock">${csrfField(session)}${formKeyField()}
  ${problem('clock')}
  <label for="minutes">Advance by (minutes)</label><input id="minutes" name="minutes" type="number" min="1" \
max="${MAX_ADVANCE_MINUTES}" step="1" required value="${value('clock', 'minutes')}">
  <button type="submit">Advance the clock</button>
</form></section>`;
  return renderPage({ title: 'Test tools', active: 'test-tools', session, body, notice, zone });
}
