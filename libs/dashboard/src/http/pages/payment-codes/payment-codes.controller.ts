import {
  CreatePaymentCodeCommand,
  CreatePaymentCodeRequestDto,
  GetPaymentCodeQuery,
  type PaymentCodeSnapshot,
  paymentCodeStream,
  RETAIL_OUTLETS,
  UpdatePaymentCodeCommand,
  UpdatePaymentCodeRequestDto,
} from '@gateway/payment-codes';
import { instrumentChangesOf } from '@gateway/fixed-instruments';
import { roleCan } from '../../../domain/roles';
import { formKeyField } from '../../kit/action-runner';
import { DashboardController } from '../../kit/dashboard-controller.decorator';
import { field } from '../../kit/dashboard-request';
import { textField, validateAs } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
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

registerDashboardPage({ id: 'payment-codes', title: 'Payment codes', path: '/dashboard/payment-codes', order: 25 });

const PATH = '/dashboard/payment-codes';

/** The payment code pages: retail outlets, codes, a name the cashier checks. */
const PAYMENT_CODE_PAGES: InstrumentPageKind<PaymentCodeSnapshot> = {
  id: 'payment-codes',
  subject: 'This payment code',
  idOf: (code) => code.fpcId,
  streamOf: paymentCodeStream,
  find: (queries, { businessId, mode }, id) => queries.execute(new GetPaymentCodeQuery(id, businessId, mode)),
  notices: { created: 'code-created', updated: 'code-updated' },
  externalIdPrefix: 'code',
  formFields: [
    'external_id',
    'retail_outlet_name',
    'name',
    'payment_code',
    'expected_amount',
    'expiration_date',
    'is_single_use',
  ],
  createLink: html`<p class="actions"><a class="button-link" href="${PATH}/new" id="new-payment-code">Create a payment \
code</a></p>`,
  list: {
    id: 'payment-codes',
    title: 'Payment codes',
    path: PATH,
    kinds: ['payment-codes'],
    statuses: ['ACTIVE', 'INACTIVE'],
    amountLabel: 'Expected amount',
    searchHint: 'Id, external id, name or payment code',
    detailHref: (row) => `${PATH}/${row.id}`,
    columns: parts.instrumentColumns(PATH, { channel: 'Outlet', number: 'Payment code' }),
  },

  async createCommand(viewer) {
    const { request, session, zone } = viewer;
    const form = {
      ...parts.openingFormFields(request, zone),
      retail_outlet_name: textField(field(request, 'retail_outlet_name')),
    };
    const dto = await validateAs(CreatePaymentCodeRequestDto, {
      ...form,
      payment_code: textField(field(request, 'payment_code')),
    });
    const opening = {
      ...parts.openingOfForm(session, dto),
      retailOutletName: dto.retail_outlet_name,
      paymentCode: dto.payment_code,
    };
    return new CreatePaymentCodeCommand(opening, instrumentCommandContext(viewer));
  },

  async updateCommand(viewer, code) {
    const { request, session, zone } = viewer;
    const dto = await validateAs(UpdatePaymentCodeRequestDto, {
      name: textField(field(request, 'name')),
      ...parts.changeFormFields(request, zone),
    });
    const changes = { ...(dto.name !== undefined && { name: dto.name }), ...instrumentChangesOf(dto) };
    return new UpdatePaymentCodeCommand(
      code.fpcId,
      session.businessId,
      session.mode,
      changes,
      instrumentCommandContext(viewer),
    );
  },

  createPage: {
    title: 'Create a payment code',
    form: (session, values) => {
      const value = (name: string) => values[name] ?? '';
      return html`<form method="post" action="/dashboard/payment-codes" \
class="card">${csrfField(session)}${formKeyField()}
  <label for="new-code-external-id">Your reference (external id)</label>\
<input id="new-code-external-id" name="external_id" type="text" maxlength="1000" required \
value="${value('external_id')}">
  <label for="new-code-outlet">Retail outlet</label>\
<select id="new-code-outlet" name="retail_outlet_name">${RETAIL_OUTLETS.map(
        (outlet) =>
          html`<option value="${outlet.code}"${outlet.code === value('retail_outlet_name') ? html` selected` : ''}>\
${outlet.name}</option>`,
      )}</select>
  <label for="new-code-name">Name the cashier sees</label><input id="new-code-name" name="name" type="text" \
maxlength="255" required value="${value('name')}">
  <label for="new-code-code">Payment code (optional: one is chosen)</label>\
<input id="new-code-code" name="payment_code" type="text" maxlength="64" value="${value('payment_code')}">
  <label for="new-code-expected">Expected amount (IDR, optional)</label>\
<input id="new-code-expected" name="expected_amount" type="number" min="1" step="1" value="${value('expected_amount')}">
  <label for="new-code-expiry">Expires (your time; optional)</label>\
<input id="new-code-expiry" name="expiration_date" type="datetime-local" value="${value('expiration_date')}">
  <p><label><input type="checkbox" name="is_single_use" value="on"${
    value('is_single_use') === 'on' ? html` checked` : ''
  }> Single use: inactive after one payment</label></p>
  <p><button type="submit" id="create-code">Create payment code</button> <a href="/dashboard/payment-codes">Cancel</a>\
</p>
</form>`;
    },
  },

  detail: ({ session, zone }, code) => {
    const payable = code.status === 'ACTIVE' && session.mode === 'test' && roleCan(session.role, 'test-tools:use');
    const testPayment = testPaymentHref({
      method: 'retail',
      channel: code.retailOutletName,
      number: code.paymentCode,
      amount: code.expectedAmount,
    });
    const payments = html`<section class="card" aria-labelledby="payments-h"><h2 id="payments-h">Payments</h2>
<p><a href="/dashboard/transactions?product=payment-code-payments&amp;q=${code.fpcId}" \
id="code-payments-link">Payments with this code</a></p>
${payable ? html`<p><a href="${testPayment}" id="pay-in-test-tools">Pay with this code in the test tools</a></p>` : ''}
</section>`;
    const change = html`<section class="card" aria-labelledby="update-h"><h2 id="update-h">Change</h2>
<form method="post" action="/dashboard/payment-codes/${code.fpcId}">${csrfField(session)}${formKeyField()}
  <label for="code-name">Name</label><input id="code-name" name="name" type="text" maxlength="255" value="${code.name}">
  <label for="code-expected">Expected amount (IDR)</label><input id="code-expected" name="expected_amount" \
type="number" min="1" step="1" value="${code.expectedAmount ?? ''}">
  <label for="code-expiry">Expires (your time)</label><input id="code-expiry" name="expiration_date" \
type="datetime-local" value="${instantToLocalDateTime(code.expirationDate, zone)}">
  <p><button type="submit" id="update-code">Save changes</button></p>
</form></section>`;
    const expected =
      code.expectedAmount === undefined
        ? html`<span class="muted">—</span>`
        : formatMoney(code.expectedAmount, code.currency);
    const own: [string, string | SafeHtml][] = [
      ['Outlet', code.retailOutletName],
      ['Payment code', parts.copyable('code-value', code.paymentCode)],
      ['Name', code.name],
      ['Expected amount', expected],
    ];
    return {
      title: `Payment code ${code.paymentCode}`,
      fields: parts.instrumentFields({ ...code, id: code.fpcId }, 'code-status', own, zone),
      sections: roleCan(session.role, 'payments:manage') && code.status === 'ACTIVE' ? [payments, change] : [payments],
      history: { resource: 'payment_code', id: code.fpcId },
      back: { href: PATH, label: 'Back to payment codes' },
    };
  },
};

/**
 * Fixed payment codes (retail outlets): the shared instrument pages with the code kind (`POST /fixed_payment_code`,
 * `PATCH`).
 */
@DashboardController('payment-codes')
export class PaymentCodesController extends InstrumentPagesController<PaymentCodeSnapshot> {
  constructor(tools: InstrumentPageTools) {
    super(PAYMENT_CODE_PAGES, tools);
  }
}
