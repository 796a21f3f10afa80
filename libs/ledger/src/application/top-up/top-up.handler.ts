import { GetSettingsQuery } from '@gateway/accounts';
import { isPaymentChannelCode } from '@gateway/domain';
import { EnsureChannelEnabledQuery } from '@gateway/payment-channels';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { feeFor, feeRuleFor } from '../../domain/fees';
import { LedgerErrors } from '../../domain/ledger.errors';
import type { MoneyInReceived } from '../../domain/money-movement.events';
import { topUpDecider, topUpStream } from '../../domain/top-up.decider';
import { LEDGER_PROJECTION } from '../../read-models/ledger-journal.projection';
import { moneyInFollowers } from '../money-in-followers';
import { TopUpBalanceCommand, type TopUpResult } from './top-up.command';

@CommandHandler(TopUpBalanceCommand)
export class TopUpBalanceHandler implements ICommandHandler<TopUpBalanceCommand, TopUpResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: TopUpBalanceCommand): Promise<TopUpResult> {
    // Refused before any look-up: live mode has no simulated money.
    if (command.mode !== 'test') throw LedgerErrors.testModeOnly();
    const { businessId, mode, request } = command;
    // A top-up simulating a real channel (BCA, OVO, ...) obeys that channel's activation like any payment.
    if (isPaymentChannelCode(request.channel))
      await this.queries.execute(new EnsureChannelEnabledQuery(businessId, mode, request.channel));
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const { fee, feeTax } = feeFor(request.amount, feeRuleFor(request.channel, settings?.settings.feeSchedule));
    const topUpId = this.ids.prefixed('topup_');
    const { currency, amount, channel, settlement } = request;
    const decision = await this.pipeline.run({
      ...requestOrigin(command),
      stream: topUpStream(topUpId),
      decider: topUpDecider,
      command: (now) => ({
        type: 'TopUpBalance' as const,
        topUpId,
        mode,
        currency,
        amount,
        channel,
        fee,
        feeTax,
        settlement,
        now,
      }),
      readYourWrites: { projection: [LEDGER_PROJECTION, ...moneyInFollowers()] },
    });
    // From the events as stored: a keyed request executed again after a crash replays its first
    // execution's top-up (its fee and time), not values computed now.
    const received = decision.events.find((event): event is MoneyInReceived => event.type === 'MoneyInReceived');
    if (!received) throw new Error(`Top-up ${topUpId} appended no MoneyInReceived`);
    const { grossAmount, fee: storedFee, feeTax: storedFeeTax } = received.data;
    return {
      id: topUpId,
      businessId,
      currency: received.data.currency,
      channel: received.data.channel,
      amount: grossAmount,
      fee: storedFee,
      feeTax: storedFeeTax,
      netAmount: grossAmount - storedFee - storedFeeTax,
      settled: decision.events.some((event) => event.type === 'MoneyInSettled'),
      created: received.data.receivedAt,
    };
  }
}
