import { PAYMENT_CHANNELS } from '@gateway/domain';
import {
  CreateInvoiceCommand,
  CreateInvoiceRequestDto,
  ExpireInvoiceCommand,
  GetInvoiceQuery,
  type InvoiceSnapshot,
  invoiceStream,
  toCreateInvoiceRequest,
} from '@gateway/invoices';
import { AppConfig } from '@gateway/config';
import { publicBaseUrl } from '@gateway/http-edge';
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { DashboardSession } from '../../../read-models/session-store';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import { DashboardActionRunner, formKeyField } from '../../kit/action-runner';
import { formFields, sendConfirmationPage } from '../../kit/confirmation';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { type FormError, formErrorOf, numberField, textField, validateAs } from '../../kit/form-errors';
import { html } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';
import { TransactionActions, transactionPageHref } from './transaction-actions';

const INVOICE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FIELDS = [
  'external_id',
  'payer_email',
  'description',
  'amount',
  'duration_hours',
  'success_redirect_url',
  'failure_redirect_url',
  'should_send_email',
] as const;

/** The create form's values as typed (channels as `channel_<CODE>` checkboxes). */
function valuesOf(request: Request): Record<string, string> {
  return Object.fromEntries(
    [...FIELDS, ...PAYMENT_CHANNELS.map((channel) => `channel_${channel.code}`)].map((name) => [
      name,
      field(request, name)?.slice(0, 10_000) ?? '',
    ]),
  );
}

/**
 * Creates an invoice (the API's CreateInvoiceCommand, validated by `POST /v2/invoices`'s DTO) and
 * expires one (`POST /invoices/{id}/expire!`'s command, after a confirmation). Each form acts once.
 */
@DashboardController('invoices')
export class InvoiceActionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
    private readonly runner: DashboardActionRunner,
    private readonly freshness: ListsFreshness,
    private readonly actions: TransactionActions,
  ) {}

  @Get('new')
  @RequireCapability('payments:manage')
  page(@Req() request: Request, @Res() response: Response): void {
    const { session } = dashboardState(request);
    sendHtml(
      response,
      this.render(request, session, { external_id: `invoice-${randomUUID().slice(0, 8)}`, duration_hours: '24' }),
    );
  }

  @Post()
  @RequireCapability('payments:manage')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    try {
      const hours = numberField(field(request, 'duration_hours'));
      const channels = PAYMENT_CHANNELS.filter((channel) => field(request, `channel_${channel.code}`) === 'on').map(
        (channel) => channel.code,
      );
      const dto = await validateAs(
        CreateInvoiceRequestDto,
        {
          external_id: textField(field(request, 'external_id')),
          payer_email: textField(field(request, 'payer_email')),
          description: textField(field(request, 'description')),
          amount: numberField(field(request, 'amount')),
          invoice_duration: typeof hours === 'number' ? Math.round(hours * 3600) : hours,
          success_redirect_url: textField(field(request, 'success_redirect_url')),
          failure_redirect_url: textField(field(request, 'failure_redirect_url')),
          should_send_email: field(request, 'should_send_email') === 'on',
          ...(channels.length > 0 && { payment_methods: channels }),
        },
        { invoice_duration: 'duration_hours' },
      );
      const location = await this.runner.once(request, session, async () => {
        const base = publicBaseUrl(request, this.config);
        const invoice = await this.commands.execute(
          new CreateInvoiceCommand(
            session.businessId,
            session.mode,
            toCreateInvoiceRequest(dto),
            dashboardContext(request, session),
            { publicBaseUrl: base },
          ),
        );
        await this.freshness.waitFor(invoiceStream(invoice.invoiceId));
        return `/dashboard/transactions/invoices/${encodeURIComponent(invoice.invoiceId)}?notice=invoice-created`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, this.render(request, session, valuesOf(request), refused), refused.status);
    }
  }

  @Post(':id/expire')
  @RequireCapability('payments:manage')
  async expire(@Req() request: Request, @Res() response: Response, @Param('id') invoiceId: string): Promise<void> {
    const { session } = dashboardState(request);
    const invoice = INVOICE_ID.test(invoiceId) ? await this.invoiceOf(session, invoiceId) : undefined;
    if (!invoice) throw pageNotFound('This invoice');
    const page = { source: 'invoices', id: invoice.invoiceId };
    await this.actions.answer(request, response, page, () => {
      if (field(request, 'confirm') !== 'yes') {
        sendConfirmationPage(request, response, {
          title: `Expire invoice ${invoice.externalId}`,
          active: 'transactions',
          session,
          action: `/dashboard/invoices/${encodeURIComponent(invoice.invoiceId)}/expire`,
          summary: [
            ['Invoice', `${invoice.invoiceId} (${invoice.externalId})`],
            ['Amount', formatMoney(invoice.amount, invoice.currency)],
            ['Payer', invoice.payerEmail],
            ['Status', invoice.status],
          ],
          fields: formFields(request.body),
          confirmLabel: 'Expire invoice',
          cancelHref: transactionPageHref(page),
          danger: true,
          warning: 'The payer can no longer pay this invoice; its numbers and codes are released.',
        });
        return undefined;
      }
      return {
        command: () =>
          new ExpireInvoiceCommand(
            session.businessId,
            session.mode,
            invoice.invoiceId,
            dashboardContext(request, session),
          ),
        stream: invoiceStream(invoice.invoiceId),
        notice: 'invoice-expired',
      };
    });
  }

  private async invoiceOf(session: DashboardSession, invoiceId: string): Promise<InvoiceSnapshot | undefined> {
    return this.queries
      .execute(new GetInvoiceQuery(session.businessId, session.mode, invoiceId))
      .catch(() => undefined);
  }

  private render(
    request: Request,
    session: DashboardSession,
    values: Record<string, string>,
    error?: FormError,
  ): string {
    const value = (name: string) => values[name] ?? '';
    const checked = (name: string) => (values[name] === 'on' ? html` checked` : '');
    const groups = [
      ['Bank transfer', 'VIRTUAL_ACCOUNT'],
      ['Retail outlets', 'RETAIL_OUTLET'],
      ['eWallets', 'EWALLET'],
      ['Cards', 'CREDIT_CARD'],
    ] as const;
    const body = html`<form method="post" action="/dashboard/invoices" \
class="card">${csrfField(session)}${formKeyField()}
  <label for="inv-external-id">Your reference (external id)</label>\
<input id="inv-external-id" name="external_id" type="text" maxlength="1000" required value="${value('external_id')}">
  <label for="inv-email">Payer email</label><input id="inv-email" name="payer_email" type="email" maxlength="320" \
required value="${value('payer_email')}">
  <label for="inv-description">Description</label><input id="inv-description" name="description" type="text" \
maxlength="1000" required value="${value('description')}">
  <label for="inv-amount">Amount (IDR)</label><input id="inv-amount" name="amount" type="number" min="1" step="1" \
required value="${value('amount')}">
  <label for="inv-duration">Payable for (hours)</label><input id="inv-duration" name="duration_hours" type="number" \
min="1" step="1" value="${value('duration_hours')}">
  <fieldset><legend>Payment methods (none chosen: every method enabled in Settings)</legend>
  ${groups.map(
    ([title, category]) =>
      html`<p class="muted">${title}</p><p>${PAYMENT_CHANNELS.filter((channel) => channel.category === category).map(
        (channel) =>
          html`<label><input type="checkbox" name="channel_${channel.code}" \
value="on"${checked(`channel_${channel.code}`)}> ${channel.name}</label> `,
      )}</p>`,
  )}
  </fieldset>
  <p><label><input type="checkbox" name="should_send_email" value="on"${checked('should_send_email')}> Email the \
invoice to the payer</label></p>
  <label for="inv-success">After payment, send the payer to (optional)</label>\
<input id="inv-success" name="success_redirect_url" type="url" maxlength="2048" \
value="${value('success_redirect_url')}">
  <label for="inv-failure">After expiry, send the payer to (optional)</label>\
<input id="inv-failure" name="failure_redirect_url" type="url" maxlength="2048" \
value="${value('failure_redirect_url')}">
  <p><button type="submit" id="create-invoice">Create invoice</button> <a href="/dashboard/transactions">Cancel</a></p>
</form>`;
    return renderPage({
      title: 'Create an invoice',
      active: 'transactions',
      session,
      body,
      zone: viewerTimeZone(request),
      error: error?.box,
    });
  }
}
