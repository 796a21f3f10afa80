import { DomainError } from '@gateway/domain';
import { checkoutPath, EWALLET_AMOUNT_BOUNDS, EWALLET_TYPES, type EwalletType, LOCAL_PHONE, OVO_ASYNC_VERSION, RequestEwalletPaymentCommand } from '@gateway/ewallets';
import { SimulateRetailPaymentCommand } from '@gateway/payment-codes';
import { SimulateVirtualAccountPaymentCommand } from '@gateway/virtual-accounts';
import { Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { DashboardSession } from '../../read-models/session-store';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { renderPage } from '../kit/layout';
import { sendHtml } from '../kit/respond';

/** An upper bound so a typo cannot reach the ledger as an absurd figure; the contexts apply their own amount rules. */
const MAX_SIMULATED_AMOUNT = 1_000_000_000_000;

function testModeOnly(session: DashboardSession): void {
  if (session.mode !== 'test') throw new DomainError('TEST_MODE_ONLY_ERROR', 'Test tools work in test mode only; switch to test mode');
}

function amountField(request: Request, max = MAX_SIMULATED_AMOUNT, min = 1): number {
  const amount = Number(field(request, 'amount'));
  if (!Number.isSafeInteger(amount) || amount < min || amount > max) throw new DomainError('API_VALIDATION_ERROR', `amount must be a whole number from ${min} to ${max}`);
  return amount;
}

function textField(request: Request, name: string, pattern: RegExp, what: string): string {
  const value = field(request, name)?.trim() ?? '';
  if (!pattern.test(value)) throw new DomainError('API_VALIDATION_ERROR', `${name} must be ${what}`);
  return value;
}

/**
 * Test-mode payments from the dashboard, through the same commands as `POST
 * /pool_virtual_accounts/simulate_payment`, `POST /fixed_payment_code/simulate_payment` and
 * `POST /ewallets`: ledger, callbacks and history follow exactly as for an API call.
 */
@DashboardController('test-tools/simulate')
export class PaymentSimulationsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('va-payment')
  @RequireCapability('test-tools:use')
  async virtualAccount(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const bankCode = textField(request, 'bank_code', /^[A-Z_]{2,32}$/, 'a bank code such as BCA');
    const accountNumber = textField(request, 'account_number', /^[0-9]{1,32}$/, 'the complete account number (digits)');
    const amount = amountField(request);
    const paid = await this.commands.execute(new SimulateVirtualAccountPaymentCommand(session.businessId, 'test', bankCode, accountNumber, amount, dashboardContext(request, session)));
    this.done(response, session, 'VA payment simulated', 'va-payments', paid.payment.id, `${paid.payment.amount} IDR paid into ${paid.account.bankCode} ${paid.account.accountNumber}.`);
  }

  @Post('payment-code-payment')
  @RequireCapability('test-tools:use')
  async paymentCode(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const outlet = textField(request, 'retail_outlet_name', /^[A-Z_]{2,32}$/, 'a retail outlet such as ALFAMART');
    const code = textField(request, 'payment_code', /^[A-Za-z0-9]{1,64}$/, 'the complete payment code');
    const amount = amountField(request);
    const paid = await this.commands.execute(new SimulateRetailPaymentCommand(session.businessId, 'test', outlet, code, amount, dashboardContext(request, session)));
    this.done(response, session, 'Payment-code payment simulated', 'payment-code-payments', paid.payment.id, `${paid.payment.amount} IDR paid at ${paid.code.retailOutletName} with ${paid.code.paymentCode}.`);
  }

  @Post('ewallet-payment')
  @RequireCapability('test-tools:use')
  async ewallet(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const type = field(request, 'ewallet_type') as EwalletType;
    if (!EWALLET_TYPES.includes(type)) throw new DomainError('API_VALIDATION_ERROR', `ewallet_type must be one of ${EWALLET_TYPES.join(', ')}`);
    const amount = amountField(request, EWALLET_AMOUNT_BOUNDS[type].max, EWALLET_AMOUNT_BOUNDS[type].min);
    const phoneText = field(request, 'phone')?.trim() ?? '';
    if (type !== 'DANA' && !LOCAL_PHONE.test(phoneText)) throw new DomainError('API_VALIDATION_ERROR', 'phone must be a local number such as 081234567890');
    const externalId = `dashboard-${randomUUID()}`;
    const payment = await this.commands.execute(
      new RequestEwalletPaymentCommand(
        session.businessId,
        'test',
        {
          ewalletType: type,
          externalId,
          amount,
          ...(type !== 'DANA' && { phone: phoneText }),
          // The payer comes back to the test tools after the hosted checkout.
          ...(type !== 'OVO' && { redirectUrl: `${request.protocol}://${request.get('host') ?? 'localhost'}/dashboard/test-tools` }),
          ...(type === 'LINKAJA' && { items: [{ id: 'dashboard-test', name: 'Dashboard test item', price: amount, quantity: 1 }] }),
        },
        OVO_ASYNC_VERSION,
        dashboardContext(request, session),
      ),
    );
    const next = payment.checkoutToken
      ? html`<p>Open the payer's checkout page to pay or cancel: <a id="checkout-link" href="${checkoutPath(payment.checkoutToken)}">${type} checkout</a>.</p>`
      : html`<p>The OVO payer decides on their phone; the outcome follows on the test clock (magic phone numbers choose it).</p>`;
    this.done(response, session, 'eWallet payment requested', 'ewallet-payments', payment.paymentId, `${type} payment ${externalId} of ${amount} IDR is ${payment.status}.`, next);
  }

  private done(response: Response, session: DashboardSession, title: string, source: string, id: string, summary: string, extra?: ReturnType<typeof html>): void {
    const body = html`<p class="notice" role="status" id="simulation-result">${summary}</p>
${extra ?? ''}
<p><a id="simulated-transaction" href="/dashboard/transactions/${source}/${encodeURIComponent(id)}">See the transaction and its history</a> · <a href="/dashboard/test-tools">Back to test tools</a></p>`;
    sendHtml(response, renderPage({ title, active: 'test-tools', session, body }));
  }
}
