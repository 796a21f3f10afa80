import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, CurrentCaller, requestContextOf, RequirePermissions, schema } from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { GetBalanceQuery } from '../application/get-balance/get-balance.query';
import { TopUpBalanceCommand } from '../application/top-up/top-up.command';
import { TEST_TOPUP_CHANNEL } from '../domain/top-up.decider';
import { GetBalanceRequestDto, TopUpRequestDto } from './balance.request.dto';

@ApiTag('Balance', "The business's balances (cash, holding, tax), test top-ups and the ledger's reconciliation.")
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
  @ApiDoc({
    summary: 'Get the balance',
    description:
      'The balance of `account_type` (CASH by default: what disbursements can spend; HOLDING: received, ' +
      'not yet settled; TAX) in `currency` (IDR by default), ' +
      'in minor units of that currency (IDR has none: whole rupiah), exact at any size.',
    operationId: 'getBalance',
    response: schema.object({
      balance: schema.integer('The balance; exact (written digit for digit, even past 2^53)'),
    }),
  })
  // The spec's table: money-out read. `balance:read` is the finer option (a key that may read the
  // balance and nothing else of money out); either grants the route (issue 19, item 12).
  @RequirePermissions(['money_out:read', 'balance:read'])
  async get(
    @CurrentCaller() caller: Caller,
    @Query() query: GetBalanceRequestDto,
    @Res() response: Response,
  ): Promise<void> {
    const view = await this.queries.execute(
      new GetBalanceQuery(caller.businessId, caller.mode, query.account_type ?? 'CASH', query.currency),
    );
    response.status(200).type('application/json').send(`{"balance":${view.balance.toString()}}`);
  }

  /**
   * Test mode only: a simulated incoming payment (channel TEST_TOPUP by default, which is free
   * and settles at once). `settlement: "scheduled"` leaves it in HOLDING for the channel's
   * settlement delay, on the business's test clock.
   */
  @Post('top_up')
  @ApiDoc({
    summary: 'Top up the test balance',
    description:
      'A simulated incoming payment of `amount` minor units (channel TEST_TOPUP by default: free, ' +
      'settled at once). `settlement: "scheduled"` leaves it in HOLDING for the channel\'s settlement delay, ' +
      "on the business's test clock.",
    operationId: 'topUpBalance',
    testModeOnly: true,
    response: schema.object({
      id: schema.string(),
      user_id: schema.string(),
      amount: schema.integer('Minor units'),
      currency: schema.string(),
      channel: schema.string(),
      fee: schema.integer('The channel fee (minor units)'),
      fee_tax: schema.integer(),
      net_amount: schema.integer('What reaches the balance'),
      status: schema.oneOfStrings(['SETTLED', 'PENDING_SETTLEMENT']),
      created: schema.dateTime(),
    }),
    errors: ['TEST_MODE_ONLY_ERROR', 'CHANNEL_NOT_ACTIVATED'],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async topUp(@CurrentCaller() caller: Caller, @Body() body: TopUpRequestDto, @Req() request: Request) {
    const result = await this.commands.execute(
      new TopUpBalanceCommand(
        caller.businessId,
        caller.mode,
        {
          amount: body.amount,
          currency: body.currency ?? 'IDR',
          channel: body.channel ?? TEST_TOPUP_CHANNEL,
          settlement: body.settlement ?? 'immediate',
        },
        requestContextOf(request, caller),
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
