import {
  CreateVirtualAccountCommand,
  CreateVirtualAccountRequestDto,
  GetVirtualAccountQuery,
  UpdateVirtualAccountCommand,
  UpdateVirtualAccountRequestDto,
  VA_BANKS,
  type VirtualAccountSnapshot,
  virtualAccountStream,
} from '@gateway/virtual-accounts';
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
import { expirationField, optionalBoolean } from '../../kit/form-values';

registerDashboardPage({ id: 'fixed-vas', title: 'Fixed VAs', path: '/dashboard/fixed-vas', order: 24 });

const VA_ID = /^[0-9a-f]{24}$/;
const FIELDS = ['external_id', 'bank_code', 'name', 'virtual_account_number', 'expected_amount', 'suggested_amount', 'expiration_date', 'is_closed', 'is_single_use'] as const;

const FIXED_VAS_LIST: ListDefinition = {
  id: 'fixed-vas',
  title: 'Fixed VAs',
  path: '/dashboard/fixed-vas',
  kinds: ['fixed-vas'],
  statuses: ['PENDING', 'ACTIVE', 'INACTIVE'],
  amountLabel: 'Expected amount',
  searchHint: 'Id, external id, name or account number',
  columns: [
    idColumn((row) => `/dashboard/fixed-vas/${row.id}`),
    textColumn('External id', (row) => row.externalId),
    textColumn('Bank', (row) => row.channel),
    textColumn('Account number', (row) => row.extra),
    textColumn('Name', (row) => row.customer),
    statusColumn(),
    amountColumn('Expected amount'),
    createdColumn(),
  ],
  detailHref: (row) => `/dashboard/fixed-vas/${row.id}`,
};

/**
 * Fixed virtual accounts: the list, a page per account with its payments and history, and the
 * API's commands to create (`POST /callback_virtual_accounts`) and update (`PATCH`) one, validated
 * by their request DTOs, once per form.
 */
@DashboardController('fixed-vas')
export class FixedVasController {
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
    const create = roleCan(session.role, 'payments:manage') ? html`<p class="actions"><a class="button-link" href="/dashboard/fixed-vas/new" id="new-fixed-va">Create a fixed VA</a></p>` : undefined;
    const { status, page } = await this.lists.render(FIXED_VAS_LIST, request, session, create);
    sendHtml(response, page, status);
  }

  @Get('export.csv')
  async export(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.lists.export(FIXED_VAS_LIST, request, response, dashboardState(request).session);
  }

  @Get('new')
  @RequireCapability('payments:manage')
  newPage(@Req() request: Request, @Res() response: Response): void {
    sendHtml(response, this.createPage(request, dashboardState(request).session, { external_id: `va-${randomUUID().slice(0, 8)}` }));
  }

  @Post()
  @RequireCapability('payments:manage')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const zone = viewerTimeZone(request);
    try {
      const dto = await validateAs(CreateVirtualAccountRequestDto, {
        external_id: textField(field(request, 'external_id')),
        bank_code: textField(field(request, 'bank_code')),
        name: textField(field(request, 'name')),
        virtual_account_number: textField(field(request, 'virtual_account_number')),
        expected_amount: numberField(field(request, 'expected_amount')),
        suggested_amount: numberField(field(request, 'suggested_amount')),
        expiration_date: expirationField(field(request, 'expiration_date'), zone),
        is_closed: field(request, 'is_closed') === 'on',
        is_single_use: field(request, 'is_single_use') === 'on',
      });
      const location = await this.runner.once(request, session, async () => {
        const created = await this.commands.execute(
          new CreateVirtualAccountCommand(
            {
              businessId: session.businessId,
              mode: session.mode,
              externalId: dto.external_id,
              bankCode: dto.bank_code,
              name: dto.name,
              virtualAccountNumber: dto.virtual_account_number,
              suggestedAmount: dto.suggested_amount,
              isClosed: dto.is_closed ?? false,
              expectedAmount: dto.expected_amount,
              isSingleUse: dto.is_single_use ?? false,
              expirationDate: dto.expiration_date ? new Date(dto.expiration_date) : undefined,
            },
            dashboardContext(request, session),
          ),
        );
        await this.freshness.waitFor(virtualAccountStream(created.vaId));
        return `/dashboard/fixed-vas/${created.vaId}?notice=va-created`;
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
    sendHtml(response, await this.renderDetail(request, session, await this.accountOf(session, id)));
  }

  @Post(':id')
  @RequireCapability('payments:manage')
  async update(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    const account = await this.accountOf(session, id);
    try {
      const dto = await validateAs(UpdateVirtualAccountRequestDto, {
        expected_amount: numberField(field(request, 'expected_amount')),
        suggested_amount: numberField(field(request, 'suggested_amount')),
        expiration_date: expirationField(field(request, 'expiration_date'), viewerTimeZone(request)),
        is_closed: optionalBoolean(field(request, 'is_closed')),
        is_single_use: optionalBoolean(field(request, 'is_single_use')),
      });
      const changes = {
        ...(dto.suggested_amount !== undefined && { suggestedAmount: dto.suggested_amount }),
        ...(dto.expected_amount !== undefined && { expectedAmount: dto.expected_amount }),
        ...(dto.expiration_date !== undefined && { expirationDate: new Date(dto.expiration_date) }),
        ...(dto.is_single_use !== undefined && { isSingleUse: dto.is_single_use }),
        ...(dto.is_closed !== undefined && { isClosed: dto.is_closed }),
      };
      const location = await this.runner.once(request, session, async () => {
        await this.commands.execute(new UpdateVirtualAccountCommand(account.vaId, session.businessId, session.mode, changes, dashboardContext(request, session)));
        await this.freshness.waitFor(virtualAccountStream(account.vaId));
        return `/dashboard/fixed-vas/${account.vaId}?notice=va-updated`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.renderDetail(request, session, account, refused.box), refused.status);
    }
  }

  /** A fixed account of this business and mode (an invoice's own accounts are the invoice's). */
  private async accountOf(session: DashboardSession, id: string): Promise<VirtualAccountSnapshot> {
    const account: VirtualAccountSnapshot | undefined = VA_ID.test(id) ? await this.queries.execute(new GetVirtualAccountQuery(id, session.businessId, session.mode)) : undefined;
    if (!account || account.origin.kind !== 'fixed') throw pageNotFound('This virtual account');
    return account;
  }

  private renderDetail(request: Request, session: DashboardSession, account: VirtualAccountSnapshot, error?: SafeHtml): Promise<string> {
    const zone = viewerTimeZone(request);
    const optionalAmount = (value: number | undefined) => (value === undefined ? html`<span class="muted">—</span>` : formatMoney(value, account.currency));
    const payable = account.status === 'ACTIVE' && session.mode === 'test' && roleCan(session.role, 'test-tools:use');
    const sections: SafeHtml[] = [
      html`<section class="card" aria-labelledby="payments-h"><h2 id="payments-h">Payments</h2>
<p><a href="/dashboard/transactions?product=va-payments&amp;q=${account.vaId}" id="va-payments-link">Payments into this account</a></p>
${payable ? html`<p><a href="${testPaymentHref({ method: 'va', channel: account.bankCode, number: account.accountNumber, amount: account.expectedAmount ?? account.suggestedAmount })}" id="pay-in-test-tools">Pay into this account in the test tools</a></p>` : ''}
</section>`,
    ];
    if (roleCan(session.role, 'payments:manage') && account.status !== 'INACTIVE') {
      sections.push(html`<section class="card" aria-labelledby="update-h"><h2 id="update-h">Change</h2>
<form method="post" action="/dashboard/fixed-vas/${account.vaId}">${csrfField(session)}${formKeyField()}
  <label for="va-expected">Expected amount (IDR; closed accounts take exactly this)</label><input id="va-expected" name="expected_amount" type="number" min="1" step="1" value="${account.expectedAmount ?? ''}">
  <label for="va-suggested">Suggested amount (IDR)</label><input id="va-suggested" name="suggested_amount" type="number" min="1" step="1" value="${account.suggestedAmount ?? ''}">
  <label for="va-expiry">Expires (your time)</label><input id="va-expiry" name="expiration_date" type="datetime-local" value="${instantToLocalDateTime(account.expirationDate, zone)}">
  <fieldset><legend>Amount</legend>
    <label><input type="radio" name="is_closed" value="false"${account.isClosed ? '' : html` checked`}> Open: any amount</label>
    <label><input type="radio" name="is_closed" value="true"${account.isClosed ? html` checked` : ''}> Closed: exactly the expected amount</label>
  </fieldset>
  <fieldset><legend>Use</legend>
    <label><input type="radio" name="is_single_use" value="false"${account.isSingleUse ? '' : html` checked`}> Many payments</label>
    <label><input type="radio" name="is_single_use" value="true"${account.isSingleUse ? html` checked` : ''}> One payment, then inactive</label>
  </fieldset>
  <p><button type="submit" id="update-va">Save changes</button></p>
</form></section>`);
    }
    return this.frame.render(
      request,
      session,
      {
        title: `Fixed VA ${account.bankCode} ${account.accountNumber}`,
        active: 'fixed-vas',
        fields: [
          ['Id', account.vaId],
          ['External id', account.externalId],
          ['Status', html`<span id="va-status">${account.status}</span>`],
          ['Bank', account.bankCode],
          ['Account number', html`<span id="va-number">${account.accountNumber}</span> <button type="button" class="secondary" data-copy="va-number" hidden>Copy</button>`],
          ['Name', account.name],
          ['Amount', account.isClosed ? html`Closed: exactly ${optionalAmount(account.expectedAmount)}` : 'Open: any amount'],
          ['Expected amount', optionalAmount(account.expectedAmount)],
          ['Suggested amount', optionalAmount(account.suggestedAmount)],
          ['Single use', account.isSingleUse ? 'yes' : 'no'],
          ['Expires', timeHtml(account.expirationDate, zone)],
          ['Created', timeHtml(account.createdAt, zone)],
          ['Updated', timeHtml(account.updatedAt, zone)],
        ],
        sections,
        history: { resource: 'virtual_account', id: account.vaId },
        back: { href: '/dashboard/fixed-vas', label: 'Back to fixed VAs' },
      },
      error,
    );
  }

  private createPage(request: Request, session: DashboardSession, values: Record<string, string>, error?: FormError): string {
    const value = (name: string) => values[name] ?? '';
    const checked = (name: string) => (values[name] === 'on' ? html` checked` : '');
    const body = html`<form method="post" action="/dashboard/fixed-vas" class="card">${csrfField(session)}${formKeyField()}
  <label for="new-va-external-id">Your reference (external id)</label><input id="new-va-external-id" name="external_id" type="text" maxlength="1000" required value="${value('external_id')}">
  <label for="new-va-bank">Bank</label><select id="new-va-bank" name="bank_code">${VA_BANKS.map((bank) => html`<option value="${bank.code}"${bank.code === value('bank_code') ? html` selected` : ''}>${bank.code} · ${bank.name}</option>`)}</select>
  <label for="new-va-name">Name the payer sees</label><input id="new-va-name" name="name" type="text" maxlength="255" required value="${value('name')}">
  <label for="new-va-number">Number after the merchant code (optional: one is chosen)</label><input id="new-va-number" name="virtual_account_number" type="text" inputmode="numeric" maxlength="32" value="${value('virtual_account_number')}">
  <label for="new-va-expected">Expected amount (IDR, optional)</label><input id="new-va-expected" name="expected_amount" type="number" min="1" step="1" value="${value('expected_amount')}">
  <label for="new-va-suggested">Suggested amount (IDR, optional)</label><input id="new-va-suggested" name="suggested_amount" type="number" min="1" step="1" value="${value('suggested_amount')}">
  <label for="new-va-expiry">Expires (your time; optional)</label><input id="new-va-expiry" name="expiration_date" type="datetime-local" value="${value('expiration_date')}">
  <p><label><input type="checkbox" name="is_closed" value="on"${checked('is_closed')}> Closed: the payer must pay exactly the expected amount</label></p>
  <p><label><input type="checkbox" name="is_single_use" value="on"${checked('is_single_use')}> Single use: inactive after one payment</label></p>
  <p><button type="submit" id="create-va">Create fixed VA</button> <a href="/dashboard/fixed-vas">Cancel</a></p>
</form>`;
    return renderPage({ title: 'Create a fixed VA', active: 'fixed-vas', session, body, zone: viewerTimeZone(request), error: error?.box });
  }
}
