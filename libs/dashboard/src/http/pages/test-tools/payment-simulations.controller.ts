import { invalidRequest } from '@gateway/domain';
import {
  checkoutPath,
  EWALLET_AMOUNT_BOUNDS,
  EWALLET_TYPES,
  type EwalletPaymentView,
  type EwalletType,
  LOCAL_PHONE,
  OVO_ASYNC_VERSION,
  RequestEwalletPaymentCommand,
  SearchEwalletPaymentsQuery,
} from '@gateway/ewallets';
import { GetInvoiceQuery, type InvoiceSnapshot } from '@gateway/invoices';
import { SearchPaymentCodePaymentsQuery, SimulateRetailPaymentRequestDto } from '@gateway/payment-codes';
import { SearchVirtualAccountPaymentsQuery, SimulateVirtualAccountPaymentRequestDto } from '@gateway/virtual-accounts';
import { AppConfig } from '@gateway/config';
import { publicBaseUrl } from '@gateway/http-edge';
import { Get, Param, Post, Req, Res, type Type } from '@nestjs/common';
import { CommandBus, type Query, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { DashboardActionRunner } from '../../kit/action-runner';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { numberField, validateAs } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
import { renderPage } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';
import { type PaidTestPayment, TestPayments } from './test-payments';
import { testModeOnly } from './test-tools.controller';
import { TestToolsView } from './test-tools.view';

const RESULT_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A simulated payment into a fixed VA or payment code: its amount, and where it was paid. */
const paymentSimulated = (what: string, payment: { amount: number; currency: string }, where: string) => ({
  title: `${what} simulated`,
  text: `${formatMoney(payment.amount, payment.currency)} paid ${where}.`,
});

/** A transfer or till form of the test tools: the API's request DTO that checks it, and its fields. */
interface SimulationForm {
  method: PaidTestPayment['method'];
  dto: Type<object>;
  /** The DTO's channel field (the form's too) and number field. */
  channel: string;
  number: string;
  /** The form's name for the number, where it is not the DTO's. */
  numberInput?: string;
}

/** The forms of `POST /pool_virtual_accounts/simulate_payment` and `POST /fixed_payment_code/simulate_payment`. */
const SIMULATION_FORMS: Record<'va' | 'retail', SimulationForm> = {
  va: {
    method: 'va',
    dto: SimulateVirtualAccountPaymentRequestDto,
    channel: 'bank_code',
    number: 'bank_account_number',
    numberInput: 'account_number',
  },
  retail: {
    method: 'retail',
    dto: SimulateRetailPaymentRequestDto,
    channel: 'retail_outlet_name',
    number: 'payment_code',
  },
};

const resultPath = (source: string, id: string) =>
  `/dashboard/test-tools/simulate/result/${source}/${encodeURIComponent(id)}`;

/**
 * Test-mode payments from the dashboard, through the same commands as `POST
 * /pool_virtual_accounts/simulate_payment`, `POST /fixed_payment_code/simulate_payment` and
 * `POST /ewallets`, validated by their request DTOs: ledger, callbacks and history follow exactly
 * as for an API call. Each form acts once (its key), then shows what it paid.
 */
@DashboardController('test-tools/simulate')
export class PaymentSimulationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly payments: TestPayments,
    private readonly runner: DashboardActionRunner,
    private readonly view: TestToolsView,
    private readonly config: AppConfig,
  ) {}

  @Post('va-payment')
  @RequireCapability('test-tools:use')
  async virtualAccount(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.simulate(request, response, SIMULATION_FORMS.va);
  }

  @Post('ewallet-payment')
  @RequireCapability('test-tools:use')
  async ewallet(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    await this.view.answer(request, response, session, 'ewallet', ['ewallet_type', 'amount', 'phone'], async () => {
      const type = field(request, 'ewallet_type') as EwalletType;
      if (!EWALLET_TYPES.includes(type))
        throw invalidRequest(`ewallet_type must be one of ${EWALLET_TYPES.join(', ')}`);
      const amount = Number(field(request, 'amount'));
      const { min, max } = EWALLET_AMOUNT_BOUNDS[type];
      if (!Number.isSafeInteger(amount) || amount < min || amount > max)
        throw invalidRequest(`amount must be a whole number from ${min} to ${max}`);
      const phone = field(request, 'phone')?.trim() ?? '';
      if (type !== 'DANA' && !LOCAL_PHONE.test(phone))
        throw invalidRequest('phone must be a local number such as 081234567890');
      return this.runner.once(request, session, async () => {
        const payment = await this.commands.execute(
          new RequestEwalletPaymentCommand(
            session.businessId,
            'test',
            {
              ewalletType: type,
              // From the form's key: a re-execution of the same submit (after a crash) asks for the same payment.
              externalId: `dashboard-${field(request, '_idem')}`,
              amount,
              ...(type !== 'DANA' && { phone }),
              // The payer comes back to the test tools after the hosted checkout.
              // PUBLIC_BASE_URL when set (never a client-chosen Host header), as invoice links are.
              ...(type !== 'OVO' && { redirectUrl: `${publicBaseUrl(request, this.config)}/dashboard/test-tools` }),
              ...(type === 'LINKAJA' && {
                items: [{ id: 'dashboard-test', name: 'Dashboard test item', price: amount, quantity: 1 }],
              }),
            },
            OVO_ASYNC_VERSION,
            dashboardContext(request, session),
          ),
        );
        return resultPath('ewallet-payments', payment.paymentId);
      });
    });
  }

  @Post('payment-code-payment')
  @RequireCapability('test-tools:use')
  async paymentCode(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.simulate(request, response, SIMULATION_FORMS.retail);
  }

  /**
   * A VA transfer or till payment from its test tools form, checked by the API's request DTO (errors name the form's
   * fields), paid once per form, then its result page.
   */
  private async simulate(request: Request, response: Response, form: SimulationForm): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const numberInput = form.numberInput ?? form.number;
    await this.view.answer(request, response, session, form.method, [form.channel, numberInput, 'amount'], async () => {
      // The DTO's fields by name, as the form's description names them.
      const body = (await validateAs(
        form.dto,
        {
          [form.channel]: field(request, form.channel),
          [form.number]: field(request, numberInput)?.trim(),
          transfer_amount: numberField(field(request, 'amount')),
        },
        { ...(form.numberInput && { [form.number]: form.numberInput }), transfer_amount: 'amount' },
      )) as Record<string, unknown>;
      const payment: PaidTestPayment = {
        method: form.method,
        channel: body[form.channel] as string,
        number: body[form.number] as string,
        amount: body.transfer_amount as number,
      };
      return this.runner.once(request, session, async () => {
        const paid = await this.payments.pay(session.businessId, payment, dashboardContext(request, session));
        return resultPath(paid.source, paid.id);
      });
    });
  }

  /** What a simulation did (a GET after the POST, so a reload never pays twice). */
  @Get('result/:source/:id')
  @RequireCapability('test-tools:use')
  async result(
    @Req() request: Request,
    @Res() response: Response,
    @Param('source') source: string,
    @Param('id') id: string,
  ): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    if (!RESULT_ID.test(id)) throw pageNotFound('This payment');
    const summary = await this.summaryOf(session.businessId, source, id);
    if (!summary) throw pageNotFound('This payment');
    const body = html`<p class="notice" role="status" id="simulation-result">${summary.text}</p>
${summary.extra ?? ''}
<p><a id="simulated-transaction" href="/dashboard/transactions/${source}/${encodeURIComponent(id)}">See the \
transaction and its history</a> · <a href="/dashboard/test-tools">Back to test tools</a></p>`;
    sendHtml(
      response,
      renderPage({ title: summary.title, active: 'test-tools', session, body, zone: viewerTimeZone(request) }),
    );
  }

  private async summaryOf(
    businessId: string,
    source: string,
    id: string,
  ): Promise<{ title: string; text: string; extra?: SafeHtml } | undefined> {
    switch (source) {
      case 'va-payments': {
        const view = await this.paymentFound(
          new SearchVirtualAccountPaymentsQuery(businessId, 'test', { id, limit: 5 }),
          id,
        );
        if (!view) return undefined;
        return paymentSimulated(
          'VA payment',
          view.payment,
          `into ${view.account.bankCode} ${view.account.accountNumber}`,
        );
      }
      case 'payment-code-payments': {
        const view = await this.paymentFound(
          new SearchPaymentCodePaymentsQuery(businessId, 'test', { id, limit: 5 }),
          id,
        );
        if (!view) return undefined;
        const where = `at ${view.code.retailOutletName} with ${view.code.paymentCode}`;
        return paymentSimulated('Payment-code payment', view.payment, where);
      }
      case 'invoices': {
        const invoice: InvoiceSnapshot | undefined = await this.queries
          .execute(new GetInvoiceQuery(businessId, 'test', id))
          .catch(() => undefined);
        return (
          invoice && {
            title: 'Invoice payment simulated',
            text:
              `Invoice ${invoice.externalId} is ${invoice.status}: ` +
              `${formatMoney(invoice.payment?.amount ?? invoice.amount, invoice.currency)} paid with ` +
              `${invoice.payment?.channel ?? ''} ${invoice.payment?.destination ?? ''}.`,
          }
        );
      }
      case 'ewallet-payments': {
        const views: EwalletPaymentView[] = await this.queries.execute(
          new SearchEwalletPaymentsQuery(businessId, 'test', { id, limit: 5 }),
        );
        const view = views.find((candidate) => candidate.paymentId === id);
        if (!view) return undefined;
        const extra =
          view.status === 'PENDING' && view.checkoutToken
            ? html`<p>Open the payer's checkout page to pay or cancel: \
<a id="checkout-link" href="${checkoutPath(view.checkoutToken)}">${view.ewalletType} checkout</a>.</p>`
            : view.ewalletType === 'OVO'
              ? html`<p>The OVO payer decides on their phone; \
the outcome follows on the test clock (magic phone numbers choose it).</p>`
              : undefined;
        return {
          title: 'eWallet payment requested',
          text:
            `${view.ewalletType} payment ${view.externalId} of ${formatMoney(view.amount, view.currency)} is ` +
            `${view.status}.`,
          extra,
        };
      }
      default:
        return undefined;
    }
  }

  /** The fixed VA or payment-code payment `id`, among what its product's payment search finds. */
  private async paymentFound<View extends { payment: { id: string } }>(
    search: Query<View[]>,
    id: string,
  ): Promise<View | undefined> {
    const views: View[] = await this.queries.execute(search);
    return views.find((candidate) => candidate.payment.id === id);
  }
}
