import { AdvanceTestClockCommand } from '@gateway/accounts';
import { DomainError } from '@gateway/domain';
import { TopUpBalanceCommand } from '@gateway/ledger';
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
 * What exists now: top up the balance, advance the test clock. Simulating a VA, payment-code or
 * eWallet payment joins this page when those contexts land.
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
    const body = html`<section aria-labelledby="topup-h"><h2 id="topup-h">Top up the balance</h2>
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
