import { AdvanceTestClockCommand } from '@gateway/accounts';
import { invalidRequest, SHARED_ERROR_CODES } from '@gateway/domain';
import { TopUpBalanceCommand } from '@gateway/ledger';
import { Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { DashboardSession } from '../../../read-models/session-store';
import { DashboardActionRunner } from '../../kit/action-runner';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field, queryField } from '../../kit/dashboard-request';
import { registerDashboardPage } from '../../kit/page-registry';
import { sendHtml } from '../../kit/respond';
import { MAX_ADVANCE_MINUTES, type TestToolsState } from './test-tools.page';
import { TestToolsView } from './test-tools.view';

registerDashboardPage({
  id: 'test-tools',
  title: 'Test tools',
  path: '/dashboard/test-tools',
  order: 80,
  capability: 'test-tools:use',
  testModeOnly: true,
});

export function testModeOnly(session: DashboardSession): void {
  if (session.mode !== 'test')
    throw SHARED_ERROR_CODES.error('TEST_MODE_ONLY_ERROR', 'Test tools work in test mode only; switch to test mode');
}

/** What a link may prefill: the number, the channel and the exact amount of what is to be paid. */
function prefill(request: Request): TestToolsState {
  const read = (name: string) => queryField(request, name)?.slice(0, 64) ?? '';
  if (read('account_number'))
    return {
      form: 'va',
      values: { bank_code: read('bank_code'), account_number: read('account_number'), amount: read('amount') },
    };
  if (read('payment_code'))
    return {
      form: 'retail',
      values: {
        retail_outlet_name: read('retail_outlet_name'),
        payment_code: read('payment_code'),
        amount: read('amount'),
      },
    };
  return {};
}

/**
 * Top up the balance, advance the test clock; the page also holds the payment simulations
 * (posted to PaymentSimulationsController).
 */
@DashboardController('test-tools')
export class TestToolsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: DashboardActionRunner,
    private readonly view: TestToolsView,
  ) {}

  @Get()
  @RequireCapability('test-tools:use')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    sendHtml(response, await this.view.render(request, session, prefill(request)));
  }

  @Post('top-up')
  @RequireCapability('test-tools:use')
  async topUp(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    await this.view.answer(request, response, session, 'top-up', ['amount', 'currency'], async () => {
      const amount = Number(field(request, 'amount'));
      const currency = field(request, 'currency')?.trim().toUpperCase() ?? '';
      if (!Number.isSafeInteger(amount) || amount < 1)
        throw invalidRequest('amount must be a whole number of at least 1');
      if (!/^[A-Z]{3}$/.test(currency)) throw invalidRequest('currency must be an ISO 4217 code such as IDR');
      return this.runner.once(request, session, async () => {
        await this.commands.execute(
          new TopUpBalanceCommand(
            session.businessId,
            'test',
            { amount, currency, channel: 'TEST_TOPUP', settlement: 'immediate' },
            dashboardContext(request, session),
          ),
        );
        return '/dashboard/test-tools?notice=topped-up';
      });
    });
  }

  @Post('advance-clock')
  @RequireCapability('test-tools:use')
  async advance(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    testModeOnly(session);
    await this.view.answer(request, response, session, 'clock', ['minutes'], async () => {
      const minutes = Number(field(request, 'minutes'));
      if (!Number.isSafeInteger(minutes) || minutes < 1 || minutes > MAX_ADVANCE_MINUTES) {
        throw invalidRequest(`minutes must be a whole number from 1 to ${MAX_ADVANCE_MINUTES}`);
      }
      // Once per form: a double click or a reloaded POST must not move the clock twice.
      return this.runner.once(request, session, async () => {
        const context = dashboardContext(request, session);
        await this.commands.execute(new AdvanceTestClockCommand(session.businessId, minutes * 60_000, context));
        return '/dashboard/test-tools?notice=clock-advanced';
      });
    });
  }
}
