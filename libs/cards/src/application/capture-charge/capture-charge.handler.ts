import { GetSettingsQuery } from '@gateway/accounts';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { CARD_CHANNEL, type CardAuthorizationReversed, type CardChargeCaptured } from '../../domain/card-charge.events';
import { newCardId } from '../card-ids';
import { chargeViewOf, type ChargeView, type ReversalView } from '../card-views';
import { ChargeLoader, onCharge } from '../charge-loader';
import { CaptureChargeCommand, ReverseAuthorizationCommand } from './capture-charge.command';

/**
 * AUTHORIZED → CAPTURED for up to the authorized amount; the capture is the money-in (fee on the captured amount).
 */
@CommandHandler(CaptureChargeCommand)
export class CaptureChargeHandler implements ICommandHandler<CaptureChargeCommand, ChargeView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly charges: ChargeLoader,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: CaptureChargeCommand): Promise<ChargeView> {
    const { businessId, mode } = command;
    await this.charges.assertOwned(command.chargeId, businessId, mode);
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const { fee, feeTax } = feeFor(command.amount, feeRuleFor(CARD_CHANNEL, settings?.settings.feeSchedule));
    const decision = await this.pipeline.run(
      onCharge(requestOrigin(command), command.chargeId, (now) => ({
        type: 'CaptureCharge',
        amount: command.amount,
        fee,
        feeTax,
        now,
      })),
    );
    const now = decision.now;
    // The capture's own time: a keyed request executed again after a crash answers as it first did.
    const captured = decision.events.find((event): event is CardChargeCaptured => event.type === 'CardChargeCaptured');
    return chargeViewOf(decision.state, captured?.data.capturedAt ?? now.toISOString());
  }
}

/** AUTHORIZED → REVERSED: the hold on the payer's card is released; no money moved, so no ledger event. */
@CommandHandler(ReverseAuthorizationCommand)
export class ReverseAuthorizationHandler implements ICommandHandler<ReverseAuthorizationCommand, ReversalView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly charges: ChargeLoader,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: ReverseAuthorizationCommand): Promise<ReversalView> {
    await this.charges.assertOwned(command.chargeId, command.businessId, command.mode);
    const reversalId = newCardId(this.ids);
    const { externalId } = command;
    const decision = await this.pipeline.run(
      onCharge(requestOrigin(command), command.chargeId, (now) => ({
        type: 'ReverseAuthorization',
        reversalId,
        externalId,
        now,
      })),
    );
    const reversed = (decision.events[0] as CardAuthorizationReversed).data;
    return {
      reversalId: reversed.reversalId,
      chargeId: reversed.chargeId,
      businessId: command.businessId,
      externalId: reversed.externalId,
      amount: reversed.amount,
      currency: reversed.currency,
      createdAt: reversed.reversedAt,
    };
  }
}
