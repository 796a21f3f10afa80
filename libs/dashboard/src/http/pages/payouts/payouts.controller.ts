import {
  CreateDisbursementRequestDto,
  CreateDisbursementsCommand,
  DISBURSEMENT_BANKS,
  disbursementStream,
  toDisbursementRequest,
} from '@gateway/disbursements';
import { ListBalancesQuery } from '@gateway/ledger';
import { GetSettingsQuery } from '@gateway/accounts';
import { Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { DashboardSession } from '../../../read-models/session-store';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import { DashboardActionRunner, formKeyField } from '../../kit/action-runner';
import { formFields, sendConfirmationPage } from '../../kit/confirmation';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { type FormError, formErrorOf, numberField, textField, validateAs } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';

const FIELDS = ['external_id', 'bank_code', 'account_holder_name', 'account_number', 'description', 'amount'] as const;

/**
 * A single disbursement: the API's CreateDisbursementsCommand with `POST /disbursements`'s DTO,
 * confirmed first, once per form (the batch from a CSV file is BatchPayoutsController).
 */
@DashboardController('payouts')
export class PayoutsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly runner: DashboardActionRunner,
    private readonly freshness: ListsFreshness,
  ) {}

  @Get('new')
  @RequireCapability('payouts:manage')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const settings = await this.queries.execute(new GetSettingsQuery(session.businessId, session.mode));
    sendHtml(
      response,
      await this.render(request, session, {
        external_id: `payout-${randomUUID().slice(0, 8)}`,
        description: settings?.settings.defaultDisbursementDescription ?? '',
      }),
    );
  }

  @Post()
  @RequireCapability('payouts:manage')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    try {
      const dto = await validateAs(CreateDisbursementRequestDto, {
        external_id: textField(field(request, 'external_id')),
        bank_code: textField(field(request, 'bank_code')),
        account_holder_name: textField(field(request, 'account_holder_name')),
        account_number: textField(field(request, 'account_number')),
        description: textField(field(request, 'description')),
        amount: numberField(field(request, 'amount')),
      });
      const item = toDisbursementRequest(dto);
      if (field(request, 'confirm') !== 'yes') {
        sendConfirmationPage(request, response, {
          title: 'Send a disbursement',
          active: 'transactions',
          session,
          action: '/dashboard/payouts',
          summary: [
            ['Amount', formatMoney(item.amount, 'IDR')],
            ['To', `${item.accountHolderName}, ${item.bankCode} ${item.accountNumber}`],
            ['Description', item.description ?? '(the default description in Settings)'],
            ['Reference', item.externalId],
          ],
          fields: formFields(request.body),
          confirmLabel: `Send ${formatMoney(item.amount, 'IDR')}`,
          cancelHref: '/dashboard/payouts/new',
          danger: true,
          warning: 'The money leaves your balance now; a completed transfer cannot be called back.',
        });
        return;
      }
      const location = await this.runner.once(request, session, async () => {
        const [created] = await this.commands.execute(
          new CreateDisbursementsCommand(session.businessId, session.mode, [item], dashboardContext(request, session)),
        );
        await this.freshness.waitFor(disbursementStream(created.disbursementId));
        return (
          `/dashboard/transactions/disbursements/${encodeURIComponent(created.disbursementId)}?notice=` +
          `disbursement-created`
        );
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      const values = Object.fromEntries(FIELDS.map((name) => [name, field(request, name)?.slice(0, 1000) ?? '']));
      sendHtml(response, await this.render(request, session, values, refused), refused.status);
    }
  }

  private async render(
    request: Request,
    session: DashboardSession,
    values: Record<string, string>,
    error?: FormError,
  ): Promise<string> {
    const value = (name: string) => values[name] ?? '';
    const body = html`${await availableBalance(this.queries, session)}
<form method="post" action="/dashboard/payouts" class="card">${csrfField(session)}${formKeyField()}
  <label for="po-external-id">Your reference (external id)</label>\
<input id="po-external-id" name="external_id" type="text" maxlength="1000" required value="${value('external_id')}">
  <label for="po-bank">Bank or eWallet</label><select id="po-bank" name="bank_code">${DISBURSEMENT_BANKS.map(
    (bank) =>
      html`<option value="${bank.code}"${bank.code === value('bank_code') ? html` selected` : ''}>\
${bank.name}</option>`,
  )}</select>
  <label for="po-holder">Account holder name</label><input id="po-holder" name="account_holder_name" type="text" \
maxlength="1000" required value="${value('account_holder_name')}">
  <label for="po-account">Account number</label><input id="po-account" name="account_number" type="text" \
inputmode="numeric" maxlength="64" required value="${value('account_number')}">
  <label for="po-description">Description (the recipient's bank statement shows it)</label>\
<input id="po-description" name="description" type="text" maxlength="1000" value="${value('description')}">
  <label for="po-amount">Amount (IDR)</label><input id="po-amount" name="amount" type="number" min="1" step="1" \
required value="${value('amount')}">
  <p><button type="submit" id="review-disbursement">Review disbursement</button> \
<a href="/dashboard/transactions">Cancel</a></p>
</form>
<p><a href="/dashboard/payouts/batch">Send many at once from a CSV file</a></p>`;
    return renderPage({
      title: 'Send a disbursement',
      active: 'transactions',
      session,
      body,
      zone: viewerTimeZone(request),
      error: error?.box,
    });
  }
}

/** What can be sent: the CASH balance per currency. */
export async function availableBalance(queries: QueryBus, session: DashboardSession): Promise<SafeHtml> {
  const balances: { currency: string; balances: { CASH: bigint } }[] = await queries.execute(
    new ListBalancesQuery(session.businessId, session.mode),
  );
  const idr = balances.find((entry) => entry.currency === 'IDR');
  return html`<p>Available to send: <strong id="available-balance">${formatMoney(
    idr?.balances.CASH ?? 0n,
    'IDR',
  )}</strong></p>`;
}
