import { AdvanceTestClockCommand } from '@gateway/accounts';
import { DomainError } from '@gateway/domain';
import { EWALLET_TYPES } from '@gateway/ewallets';
import { TopUpBalanceCommand } from '@gateway/ledger';
import { RETAIL_OUTLETS } from '@gateway/payment-codes';
import { VA_BANKS } from '@gateway/virtual-accounts';
import { Clock } from '@gateway/platform';
import { Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { DashboardSession } from '../../read-models/session-store';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { csrfField, renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { noticeOf, redirectTo, sendHtml } from '../kit/respond';

registerDashboardPage({ id: 'test-tools', title: 'Test tools', path: '/dashboard/test-tools', order: 80, capability: 'test-tools:use', testModeOnly: true });

const MAX_ADVANCE_MINUTES = 366 * 24 * 60;

function testModeOnly(session: DashboardSession): void {
  if (session.mode !== 'test') throw new DomainError('TEST_MODE_ONLY_ERROR', 'Test tools work in test mode only; switch to test mode');
}

/**
 * Top up the balance, advance the test clock, and simulate VA, payment-code and eWallet payments
 * (posted to PaymentSimulationsController).
 */
@DashboardController('test-tools')
export class TestToolsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly clock: Clock,
  ) {}

  @Get()
  @RequireCapability('test-tools:use')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const now = await this.clock.now({ businessId: session.businessId, mode: 'test' });
    const body = html`<section aria-labelledby="sim-va-h"><h2 id="sim-va-h">Simulate a VA payment</h2>
<form method="post" action="/dashboard/test-tools/simulate/va-payment">${csrfField(session)}
  <label for="va-bank">Bank</label><select id="va-bank" name="bank_code">${VA_BANKS.map((bank) => html`<option value="${bank.code}">${bank.code} · ${bank.name}</option>`)}</select>
  <label for="va-number">Account number (complete, with the merchant code)</label><input id="va-number" name="account_number" type="text" inputmode="numeric" pattern="[0-9]+" maxlength="32" required>
  <label for="va-amount">Amount (IDR)</label><input id="va-amount" name="amount" type="number" min="1" step="1" required>
  <button type="submit">Simulate VA payment</button>
</form></section>
<section aria-labelledby="sim-fpc-h"><h2 id="sim-fpc-h">Simulate a payment-code payment</h2>
<form method="post" action="/dashboard/test-tools/simulate/payment-code-payment">${csrfField(session)}
  <label for="fpc-outlet">Retail outlet</label><select id="fpc-outlet" name="retail_outlet_name">${RETAIL_OUTLETS.map((outlet) => html`<option value="${outlet.code}">${outlet.name}</option>`)}</select>
  <label for="fpc-code">Payment code</label><input id="fpc-code" name="payment_code" type="text" maxlength="64" required>
  <label for="fpc-amount">Amount (IDR)</label><input id="fpc-amount" name="amount" type="number" min="1" step="1" required>
  <button type="submit">Simulate payment-code payment</button>
</form></section>
<section aria-labelledby="sim-ew-h"><h2 id="sim-ew-h">Simulate an eWallet payment</h2>
<p class="muted">DANA and LINKAJA give a checkout link to pay or cancel as the payer; OVO decides by the phone number (see the eWallet test phones in the docs).</p>
<form method="post" action="/dashboard/test-tools/simulate/ewallet-payment">${csrfField(session)}
  <label for="ew-type">eWallet</label><select id="ew-type" name="ewallet_type">${EWALLET_TYPES.map((type) => html`<option value="${type}">${type}</option>`)}</select>
  <label for="ew-amount">Amount (IDR)</label><input id="ew-amount" name="amount" type="number" min="1" step="1" required>
  <label for="ew-phone">Payer phone (OVO and LINKAJA)</label><input id="ew-phone" name="phone" type="text" inputmode="tel" maxlength="16">
  <button type="submit">Request eWallet payment</button>
</form></section>
<section aria-labelledby="topup-h"><h2 id="topup-h">Top up the balance</h2>
<form method="post" action="/dashboard/test-tools/top-up">${csrfField(session)}
  <label for="amount">Amount (minor units)</label><input id="amount" name="amount" type="number" min="1" step="1" required>
  <label for="currency">Currency</label><input id="currency" name="currency" type="text" value="IDR" maxlength="3" required>
  <button type="submit">Top up</button>
</form></section>
<section aria-labelledby="clock-h"><h2 id="clock-h">Test clock</h2>
<p>Business time now: <time id="test-clock-now" datetime="${now.toISOString()}">${now.toISOString()}</time></p>
<form method="post" action="/dashboard/test-tools/advance-clock">${csrfField(session)}
  <label for="minutes">Advance by (minutes)</label><input id="minutes" name="minutes" type="number" min="1" max="${MAX_ADVANCE_MINUTES}" step="1" required>
  <button type="submit">Advance the clock</button>
</form></section>`;
    sendHtml(response, renderPage({ title: 'Test tools', active: 'test-tools', session, body, notice: noticeOf(request) }));
  }

  @Post('top-up')
  @RequireCapability('test-tools:use')
  async topUp(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const amount = Number(field(request, 'amount'));
    const currency = field(request, 'currency')?.trim().toUpperCase() ?? '';
    if (!Number.isSafeInteger(amount) || amount < 1) throw new DomainError('API_VALIDATION_ERROR', 'amount must be a whole number of at least 1');
    if (!/^[A-Z]{3}$/.test(currency)) throw new DomainError('API_VALIDATION_ERROR', 'currency must be an ISO 4217 code such as IDR');
    await this.commands.execute(
      new TopUpBalanceCommand(session.businessId, 'test', { amount, currency, channel: 'TEST_TOPUP', settlement: 'immediate' }, dashboardContext(request, session)),
    );
    redirectTo(response, '/dashboard/test-tools', 'topped-up');
  }

  @Post('advance-clock')
  @RequireCapability('test-tools:use')
  async advance(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    const minutes = Number(field(request, 'minutes'));
    if (!Number.isSafeInteger(minutes) || minutes < 1 || minutes > MAX_ADVANCE_MINUTES) {
      throw new DomainError('API_VALIDATION_ERROR', `minutes must be a whole number from 1 to ${MAX_ADVANCE_MINUTES}`);
    }
    await this.commands.execute(new AdvanceTestClockCommand(session.businessId, minutes * 60_000, dashboardContext(request, session)));
    redirectTo(response, '/dashboard/test-tools', 'clock-advanced');
  }
}
