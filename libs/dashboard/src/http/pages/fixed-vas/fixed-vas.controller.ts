import {
  CreateVirtualAccountCommand,
  CreateVirtualAccountRequestDto,
  GetVirtualAccountQuery,
  UpdateVirtualAccountCommand,
  UpdateVirtualAccountRequestDto,
  virtualAccountTermsOf,
  VA_BANKS,
  type VirtualAccountSnapshot,
  virtualAccountStream,
} from '@gateway/virtual-accounts';
import { instrumentChangesOf } from '@gateway/fixed-instruments';
import { roleCan } from '../../../domain/roles';
import { formKeyField } from '../../kit/action-runner';
import { DashboardController } from '../../kit/dashboard-controller.decorator';
import { field } from '../../kit/dashboard-request';
import { numberField, textField, validateAs } from '../../kit/form-errors';
import { optionalBoolean } from '../../kit/form-values';
import { html } from '../../kit/html';
import { csrfField } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { registerDashboardPage } from '../../kit/page-registry';
import { instantToLocalDateTime } from '../../kit/viewer-time';
import {
  instrumentCommandContext,
  type InstrumentPageKind,
  InstrumentPagesController,
  InstrumentPageTools,
} from '../instruments/instrument-pages.controller';
// The parts every instrument kind's pages are made of.
import * as parts from '../instruments/instrument-page-parts';
import { testPaymentHref } from '../test-payment-links';

registerDashboardPage({ id: 'fixed-vas', title: 'Fixed VAs', path: '/dashboard/fixed-vas', order: 24 });

/** The fixed VA pages: banks, numbers, open or closed amounts. */
const FIXED_VA_PAGES: InstrumentPageKind<VirtualAccountSnapshot> = {
  id: 'fixed-vas',
  list: {
    id: 'fixed-vas',
    title: 'Fixed VAs',
    path: '/dashboard/fixed-vas',
    kinds: ['fixed-vas'],
    statuses: ['PENDING', 'ACTIVE', 'INACTIVE'],
    amountLabel: 'Expected amount',
    searchHint: 'Id, external id, name or account number',
    columns: parts.instrumentColumns('/dashboard/fixed-vas', { channel: 'Bank', number: 'Account number' }),
    detailHref: (row) => `/dashboard/fixed-vas/${row.id}`,
  },
  createLink: html`<p class="actions"><a class="button-link" href="/dashboard/fixed-vas/new" id="new-fixed-va">Create \
a fixed VA</a></p>`,
  externalIdPrefix: 'va',
  formFields: [
    'external_id',
    'bank_code',
    'name',
    'virtual_account_number',
    'expected_amount',
    'suggested_amount',
    'expiration_date',
    'is_closed',
    'is_single_use',
  ],
  notices: { created: 'va-created', updated: 'va-updated' },
  subject: 'This virtual account',
  idOf: (account) => account.vaId,
  streamOf: virtualAccountStream,
  find: (queries, session, id) => queries.execute(new GetVirtualAccountQuery(id, session.businessId, session.mode)),

  async createCommand(viewer) {
    const { request, session, zone } = viewer;
    const dto = await validateAs(CreateVirtualAccountRequestDto, {
      ...parts.openingFormFields(request, zone),
      bank_code: textField(field(request, 'bank_code')),
      virtual_account_number: textField(field(request, 'virtual_account_number')),
      suggested_amount: numberField(field(request, 'suggested_amount')),
      is_closed: field(request, 'is_closed') === 'on',
    });
    return new CreateVirtualAccountCommand(
      { ...parts.openingOfForm(session, dto), ...virtualAccountTermsOf(dto) },
      instrumentCommandContext(viewer),
    );
  },

  async updateCommand(viewer, account) {
    const { request, session, zone } = viewer;
    const dto = await validateAs(UpdateVirtualAccountRequestDto, {
      ...parts.changeFormFields(request, zone),
      suggested_amount: numberField(field(request, 'suggested_amount')),
      is_closed: optionalBoolean(field(request, 'is_closed')),
      is_single_use: optionalBoolean(field(request, 'is_single_use')),
    });
    const changes = {
      ...instrumentChangesOf(dto),
      ...(dto.suggested_amount !== undefined && { suggestedAmount: dto.suggested_amount }),
      ...(dto.is_single_use !== undefined && { isSingleUse: dto.is_single_use }),
      ...(dto.is_closed !== undefined && { isClosed: dto.is_closed }),
    };
    return new UpdateVirtualAccountCommand(
      account.vaId,
      session.businessId,
      session.mode,
      changes,
      instrumentCommandContext(viewer),
    );
  },

  createPage: {
    title: 'Create a fixed VA',
    form(session, values) {
      const value = (name: string) => values[name] ?? '';
      const checked = (name: string) => (values[name] === 'on' ? html` checked` : '');
      return html`<form method="post" action="/dashboard/fixed-vas" class="card">${csrfField(session)}${formKeyField()}
  <label for="new-va-external-id">Your reference (external id)</label>\
<input id="new-va-external-id" name="external_id" type="text" maxlength="1000" required value="${value('external_id')}">
  <label for="new-va-bank">Bank</label><select id="new-va-bank" name="bank_code">${VA_BANKS.map(
    (bank) =>
      html`<option value="${bank.code}"${bank.code === value('bank_code') ? html` selected` : ''}>${bank.code} · \
${bank.name}</option>`,
  )}</select>
  <label for="new-va-name">Name the payer sees</label><input id="new-va-name" name="name" type="text" maxlength="255" \
required value="${value('name')}">
  <label for="new-va-number">Number after the merchant code (optional: one is chosen)</label>\
<input id="new-va-number" name="virtual_account_number" type="text" inputmode="numeric" maxlength="32" \
value="${value('virtual_account_number')}">
  <label for="new-va-expected">Expected amount (IDR, optional)</label>\
<input id="new-va-expected" name="expected_amount" type="number" min="1" step="1" value="${value('expected_amount')}">
  <label for="new-va-suggested">Suggested amount (IDR, optional)</label>\
<input id="new-va-suggested" name="suggested_amount" type="number" min="1" step="1" \
value="${value('suggested_amount')}">
  <label for="new-va-expiry">Expires (your time; optional)</label>\
<input id="new-va-expiry" name="expiration_date" type="datetime-local" value="${value('expiration_date')}">
  <p><label><input type="checkbox" name="is_closed" value="on"${checked('is_closed')}> Closed: the payer must pay \
exactly the expected amount</label></p>
  <p><label><input type="checkbox" name="is_single_use" value="on"${checked('is_single_use')}> Single use: inactive \
after one payment</label></p>
  <p><button type="submit" id="create-va">Create fixed VA</button> <a href="/dashboard/fixed-vas">Cancel</a></p>
</form>`;
    },
  },

  detail({ session, zone }, account) {
    const optionalAmount = (value: number | undefined) =>
      value === undefined ? html`<span class="muted">—</span>` : formatMoney(value, account.currency);
    const payable = account.status === 'ACTIVE' && session.mode === 'test' && roleCan(session.role, 'test-tools:use');
    const sections = [
      html`<section class="card" aria-labelledby="payments-h"><h2 id="payments-h">Payments</h2>
<p><a href="/dashboard/transactions?product=va-payments&amp;q=${account.vaId}" id="va-payments-link">Payments into \
this account</a></p>
${
  payable
    ? html`<p><a href="${testPaymentHref({
        method: 'va',
        channel: account.bankCode,
        number: account.accountNumber,
        amount: account.expectedAmount ?? account.suggestedAmount,
      })}" id="pay-in-test-tools">Pay into this account in the test tools</a></p>`
    : ''
}
</section>`,
    ];
    if (roleCan(session.role, 'payments:manage') && account.status !== 'INACTIVE') {
      sections.push(html`<section class="card" aria-labelledby="update-h"><h2 id="update-h">Change</h2>
<form method="post" action="/dashboard/fixed-vas/${account.vaId}">${csrfField(session)}${formKeyField()}
  <label for="va-expected">Expected amount (IDR; closed accounts take exactly this)</label>\
<input id="va-expected" name="expected_amount" type="number" min="1" step="1" value="${account.expectedAmount ?? ''}">
  <label for="va-suggested">Suggested amount (IDR)</label><input id="va-suggested" name="suggested_amount" \
type="number" min="1" step="1" value="${account.suggestedAmount ?? ''}">
  <label for="va-expiry">Expires (your time)</label><input id="va-expiry" name="expiration_date" type="datetime-local" \
value="${instantToLocalDateTime(account.expirationDate, zone)}">
  <fieldset><legend>Amount</legend>
    <label><input type="radio" name="is_closed" value="false"${account.isClosed ? '' : html` checked`}> Open: any \
amount</label>
    <label><input type="radio" name="is_closed" value="true"${account.isClosed ? html` checked` : ''}> Closed: exactly \
the expected amount</label>
  </fieldset>
  <fieldset><legend>Use</legend>
    <label><input type="radio" name="is_single_use" value="false"${account.isSingleUse ? '' : html` checked`}> Many \
payments</label>
    <label><input type="radio" name="is_single_use" value="true"${account.isSingleUse ? html` checked` : ''}> One \
payment, then inactive</label>
  </fieldset>
  <p><button type="submit" id="update-va">Save changes</button></p>
</form></section>`);
    }
    return {
      title: `Fixed VA ${account.bankCode} ${account.accountNumber}`,
      fields: parts.instrumentFields(
        { ...account, id: account.vaId },
        'va-status',
        [
          ['Bank', account.bankCode],
          ['Account number', parts.copyable('va-number', account.accountNumber)],
          ['Name', account.name],
          [
            'Amount',
            account.isClosed ? html`Closed: exactly ${optionalAmount(account.expectedAmount)}` : 'Open: any amount',
          ],
          ['Expected amount', optionalAmount(account.expectedAmount)],
          ['Suggested amount', optionalAmount(account.suggestedAmount)],
        ],
        zone,
      ),
      sections,
      history: { resource: 'virtual_account', id: account.vaId },
      back: { href: '/dashboard/fixed-vas', label: 'Back to fixed VAs' },
    };
  },
};

/**
 * Fixed virtual accounts: the shared instrument pages with the VA kind (`POST /callback_virtual_accounts`, `PATCH`).
 */
@DashboardController('fixed-vas')
export class FixedVasController extends InstrumentPagesController<VirtualAccountSnapshot> {
  constructor(tools: InstrumentPageTools) {
    super(FIXED_VA_PAGES, tools);
  }
}
