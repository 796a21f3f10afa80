import { type Caller, CurrentCaller, gatewayState, RequirePermissions } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { GetBalanceQuery } from '../application/get-balance/get-balance.query';
import { TopUpBalanceCommand } from '../application/top-up/top-up.command';
import { TEST_TOPUP_CHANNEL } from '../domain/top-up.decider';
import { GetBalanceRequestDto, TopUpRequestDto } from './balance.request.dto';

@Controller('balance')
export class BalanceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /**
   * `{ balance }` of CASH (default), HOLDING or TAX. Written by hand so a balance beyond 2^53
   * minor units still goes out digit for digit (JSON.stringify would round a Number).
   */
  @Get()
  // The spec's table: money-out read. `balance:read` is the finer option (a key that may read the
  // balance and nothing else of money out); either grants the route (issue 19, item 12).
  @RequirePermissions(['money_out:read', 'balance:read'])
  async get(@CurrentCaller() caller: Caller, @Query() query: GetBalanceRequestDto, @Res() response: Response): Promise<void> {
    const view = await this.queries.execute(new GetBalanceQuery(caller.businessId, caller.mode, query.account_type ?? 'CASH', query.currency));
    response.status(200).type('application/json').send(`{"balance":${view.balance.toString()}}`);
  }

  /**
   * Test mode only: a simulated incoming payment (channel TEST_TOPUP by default, which is free
   * and settles at once). `settlement: "scheduled"` leaves it in HOLDING for the channel's
   * settlement delay, on the business's test clock.
   */
  @Post('top_up')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async topUp(@CurrentCaller() caller: Caller, @Body() body: TopUpRequestDto, @Req() request: Request) {
    const result = await this.commands.execute(
      new TopUpBalanceCommand(
        caller.businessId,
        caller.mode,
        { amount: body.amount, currency: body.currency ?? 'IDR', channel: body.channel ?? TEST_TOPUP_CHANNEL, settlement: body.settlement ?? 'immediate' },
        { requestId: gatewayState(request).requestId, actor: caller.key.keyId, businessId: caller.businessId, mode: caller.mode },
      ),
    );
    return {
      id: result.id,
      user_id: result.businessId,
      amount: result.amount,
      currency: result.currency,
      channel: result.channel,
      fee: result.fee,
      fee_tax: result.feeTax,
      net_amount: result.netAmount,
      status: result.settled ? 'SETTLED' : 'PENDING_SETTLEMENT',
      created: result.created,
    };
  }
}
