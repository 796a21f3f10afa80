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
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { roleCan } from '../../../domain/roles';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import type { DashboardSession } from '../../../read-models/session-store';
import { DashboardActionRunner, formKeyField } from '../../kit/action-runner';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { type FormError, formErrorOf, numberField, textField, validateAs } from '../../kit/form-errors';
import { expirationField } from '../../kit/form-values';
import { html, type SafeHtml } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { registerDashboardPage } from '../../kit/page-registry';
import { sendHtml } from '../../kit/respond';
import { instantToLocalDateTime, timeHtml, viewerTimeZone } from '../../kit/viewer-time';
import { amountColumn, createdColumn, idColumn, statusColumn, textColumn } from '../lists/list-columns';
import type { ListDefinition } from '../lists/list-definition';
import { ListView } from '../lists/list-view';
import { ResourceDetailView } from '../resource-detail.view';
import { testPaymentHref } from '../test-payment-links';

registerDashboardPage({ id: 'payment-codes', title: 'Payment codes', path: '/dashboard/payment-codes', order: 25 });

const CODE_ID = /^[0-9a-f]{24}$/;
const FIELDS = ['external_id', 'retail_outlet_name', 'name', 'payment_code', 'expected_amount', 'expiration_date', 'is_single_use'] as const;

const PAYMENT_CODES_LIST: ListDefinition = {
  id: 'payment-codes',
  title: 'Payment codes',
  path: '/dashboard/payment-codes',
  kinds: ['payment-codes'],
  statuses: ['ACTIVE', 'INACTIVE'],
  amountLabel: 'Expected amount',
  searchHint: 'Id, external id, name or payment code',
  columns: [
    idColumn((row) => `/dashboard/payment-codes/${row.id}`),
    textColumn('External id', (row) => row.externalId),
    textColumn('Outlet', (row) => row.channel),
    textColumn('Payment code', (row) => row.extra),
    textColumn('Name', (row) => row.customer),
    statusColumn(),
    amountColumn('Expected amount'),
    createdColumn(),
  ],
  detailHref: (row) => `/dashboard/payment-codes/${row.id}`,
};

/**
 * Fixed payment codes (retail outlets): the list, a page per code with its payments and history,
 * and the API's commands to create (`POST /fixed_payment_code`) and update (`PATCH`) one,
 * validated by their request DTOs, once per form.
 */
@DashboardController('payment-codes')
export class PaymentCodesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly lists: ListView,
    private readonly frame: ResourceDetailView,
    private readonly runner: DashboardActionRunner,
    private readonly freshness: ListsFreshness,
  ) {}

  @Get()
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const create = roleCan(session.role, 'payments:manage') ? html`<p class="actions"><a class="button-link" href="/dashboard/payment-codes/new" id="new-payment-code">Create a payment code</a></p>` : undefined;
    const { status, page } = await this.lists.render(PAYMENT_CODES_LIST, request, session, create);
    sendHtml(response, page, status);
  }

  @Get('export.csv')
  async export(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.lists.export(PAYMENT_CODES_LIST, request, response, dashboardState(request).session);
  }

  @Get('new')
  @RequireCapability('payments:manage')
  newPage(@Req() request: Request, @Res() response: Response): void {
    sendHtml(response, this.createPage(request, dashboardState(request).session, { external_id: `code-${randomUUID().slice(0, 8)}` }));
  }

  @Post()
  @RequireCapability('payments:manage')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    try {
      const dto = await validateAs(CreatePaymentCodeRequestDto, {
        external_id: textField(field(request, 'external_id')),
        retail_outlet_name: textField(field(request, 'retail_outlet_name')),
        name: textField(field(request, 'name')),
        payment_code: textField(field(request, 'payment_code')),
        expected_amount: numberField(field(request, 'expected_amount')),
        expiration_date: expirationField(field(request, 'expiration_date'), viewerTimeZone(request)),
        is_single_use: field(request, 'is_single_use') === 'on',
      });
      const location = await this.runner.once(request, session, async () => {
        const created = await this.commands.execute(
          new CreatePaymentCodeCommand(
            {
              businessId: session.businessId,
              mode: session.mode,
              externalId: dto.external_id,
              retailOutletName: dto.retail_outlet_name,
              name: dto.name,
              paymentCode: dto.payment_code,
              expectedAmount: dto.expected_amount,
              isSingleUse: dto.is_single_use ?? false,
              expirationDate: dto.expiration_date ? new Date(dto.expiration_date) : undefined,
            },
            dashboardContext(request, session),
          ),
        );
        await this.freshness.waitFor(paymentCodeStream(created.fpcId));
        return `/dashboard/payment-codes/${created.fpcId}?notice=code-created`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, this.createPage(request, session, Object.fromEntries(FIELDS.map((name) => [name, field(request, name)?.slice(0, 1000) ?? ''])), refused), refused.status);
    }
  }

  @Get(':id')
  async detail(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    sendHtml(response, await this.renderDetail(request, session, await this.codeOf(session, id)));
  }

  @Post(':id')
  @RequireCapability('payments:manage')
  async update(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    const code = await this.codeOf(session, id);
    try {
      const dto = await validateAs(UpdatePaymentCodeRequestDto, {
        name: textField(field(request, 'name')),
        expected_amount: numberField(field(request, 'expected_amount')),
        expiration_date: expirationField(field(request, 'expiration_date'), viewerTimeZone(request)),
      });
      const changes = {
        ...(dto.name !== undefined && { name: dto.name }),
        ...(dto.expected_amount !== undefined && { expectedAmount: dto.expected_amount }),
        ...(dto.expiration_date !== undefined && { expirationDate: new Date(dto.expiration_date) }),
      };
      const location = await this.runner.once(request, session, async () => {
        await this.commands.execute(new UpdatePaymentCodeCommand(code.fpcId, session.businessId, session.mode, changes, dashboardContext(request, session)));
        await this.freshness.waitFor(paymentCodeStream(code.fpcId));
        return `/dashboard/payment-codes/${code.fpcId}?notice=code-updated`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.renderDetail(request, session, code, refused.box), refused.status);
    }
  }

  /** A fixed code of this business and mode (an invoice's own codes are the invoice's). */
  private async codeOf(session: DashboardSession, id: string): Promise<PaymentCodeSnapshot> {
    const code: PaymentCodeSnapshot | undefined = CODE_ID.test(id) ? await this.queries.execute(new GetPaymentCodeQuery(id, session.businessId, session.mode)) : undefined;
    if (!code || code.origin.kind !== 'fixed') throw pageNotFound('This payment code');
    return code;
  }

  private renderDetail(request: Request, session: DashboardSession, code: PaymentCodeSnapshot, error?: SafeHtml): Promise<string> {
    const zone = viewerTimeZone(request);
    const payable = code.status === 'ACTIVE' && session.mode === 'test' && roleCan(session.role, 'test-tools:use');
    const sections: SafeHtml[] = [
      html`<section class="card" aria-labelledby="payments-h"><h2 id="payments-h">Payments</h2>
<p><a href="/dashboard/transactions?product=payment-code-payments&amp;q=${code.fpcId}" id="code-payments-link">Payments with this code</a></p>
${payable ? html`<p><a href="${testPaymentHref({ method: 'retail', channel: code.retailOutletName, number: code.paymentCode, amount: code.expectedAmount })}" id="pay-in-test-tools">Pay with this code in the test tools</a></p>` : ''}
</section>`,
    ];
    if (roleCan(session.role, 'payments:manage') && code.status === 'ACTIVE') {
      sections.push(html`<section class="card" aria-labelledby="update-h"><h2 id="update-h">Change</h2>
<form method="post" action="/dashboard/payment-codes/${code.fpcId}">${csrfField(session)}${formKeyField()}
  <label for="code-name">Name</label><input id="code-name" name="name" type="text" maxlength="255" value="${code.name}">
  <label for="code-expected">Expected amount (IDR)</label><input id="code-expected" name="expected_amount" type="number" min="1" step="1" value="${code.expectedAmount ?? ''}">
  <label for="code-expiry">Expires (your time)</label><input id="code-expiry" name="expiration_date" type="datetime-local" value="${instantToLocalDateTime(code.expirationDate, zone)}">
  <p><button type="submit" id="update-code">Save changes</button></p>
</form></section>`);
    }
    return this.frame.render(
      request,
      session,
      {
        title: `Payment code ${code.paymentCode}`,
        active: 'payment-codes',
        fields: [
          ['Id', code.fpcId],
          ['External id', code.externalId],
          ['Status', html`<span id="code-status">${code.status}</span>`],
          ['Outlet', code.retailOutletName],
          ['Payment code', html`<span id="code-value">${code.paymentCode}</span> <button type="button" class="secondary" data-copy="code-value" hidden>Copy</button>`],
          ['Name', code.name],
          ['Expected amount', code.expectedAmount === undefined ? html`<span class="muted">—</span>` : formatMoney(code.expectedAmount, code.currency)],
          ['Single use', code.isSingleUse ? 'yes' : 'no'],
          ['Expires', timeHtml(code.expirationDate, zone)],
          ['Created', timeHtml(code.createdAt, zone)],
          ['Updated', timeHtml(code.updatedAt, zone)],
        ],
        sections,
        history: { resource: 'payment_code', id: code.fpcId },
        back: { href: '/dashboard/payment-codes', label: 'Back to payment codes' },
      },
      error,
    );
  }

  private createPage(request: Request, session: DashboardSession, values: Record<string, string>, error?: FormError): string {
    const value = (name: string) => values[name] ?? '';
    const body = html`<form method="post" action="/dashboard/payment-codes" class="card">${csrfField(session)}${formKeyField()}
  <label for="new-code-external-id">Your reference (external id)</label><input id="new-code-external-id" name="external_id" type="text" maxlength="1000" required value="${value('external_id')}">
  <label for="new-code-outlet">Retail outlet</label><select id="new-code-outlet" name="retail_outlet_name">${RETAIL_OUTLETS.map((outlet) => html`<option value="${outlet.code}"${outlet.code === value('retail_outlet_name') ? html` selected` : ''}>${outlet.name}</option>`)}</select>
  <label for="new-code-name">Name the cashier sees</label><input id="new-code-name" name="name" type="text" maxlength="255" required value="${value('name')}">
  <label for="new-code-code">Payment code (optional: one is chosen)</label><input id="new-code-code" name="payment_code" type="text" maxlength="64" value="${value('payment_code')}">
  <label for="new-code-expected">Expected amount (IDR, optional)</label><input id="new-code-expected" name="expected_amount" type="number" min="1" step="1" value="${value('expected_amount')}">
  <label for="new-code-expiry">Expires (your time; optional)</label><input id="new-code-expiry" name="expiration_date" type="datetime-local" value="${value('expiration_date')}">
  <p><label><input type="checkbox" name="is_single_use" value="on"${value('is_single_use') === 'on' ? html` checked` : ''}> Single use: inactive after one payment</label></p>
  <p><button type="submit" id="create-code">Create payment code</button> <a href="/dashboard/payment-codes">Cancel</a></p>
</form>`;
    return renderPage({ title: 'Create a payment code', active: 'payment-codes', session, body, zone: viewerTimeZone(request), error: error?.box });
  }
}
