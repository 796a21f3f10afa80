import { GetSettingsQuery } from '@gateway/accounts';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { cardChargeDecider } from '../../domain/card-charge.decider';
import { CARD_CHANNEL, cardChargeStream, type CardAuthorizationReversed, type CardChargeCaptured } from '../../domain/card-charge.events';
import { CARDS_PROJECTION } from '../../read-models/cards.projection';
import { newCardId } from '../card-ids';
import { chargeViewOf, type ChargeView, type ReversalView } from '../card-views';
import { ChargeLoader } from '../charge-loader';
import { CaptureChargeCommand, ReverseAuthorizationCommand } from './capture-charge.command';

/** AUTHORIZED → CAPTURED for up to the authorized amount; the capture is the money-in (fee on the captured amount). */
@CommandHandler(CaptureChargeCommand)
export class CaptureChargeHandler implements ICommandHandler<CaptureChargeCommand, ChargeView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly charges: ChargeLoader,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: CaptureChargeCommand): Promise<ChargeView> {
    const { businessId, mode } = command;
    await this.charges.assertOwned(command.chargeId, businessId, mode);
    const [settings, now] = await Promise.all([this.queries.execute(new GetSettingsQuery(businessId, mode)), this.clock.now({ businessId, mode })]);
    const { fee, feeTax } = feeFor(command.amount, feeRuleFor(CARD_CHANNEL, settings?.settings.feeSchedule));
    const decision = await decideAndAppend(
      this.store,
      cardChargeStream(command.chargeId),
      cardChargeDecider,
      { type: 'CaptureCharge', amount: command.amount, fee, feeTax, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(CARDS_PROJECTION, decision.appended.position, 10_000);
    // The capture's own time: a keyed request executed again after a crash answers as it first did.
    const captured = decision.events.find((event): event is CardChargeCaptured => event.type === 'CardChargeCaptured');
    return chargeViewOf(decision.state, captured?.data.capturedAt ?? now.toISOString());
  }
}

/** AUTHORIZED → REVERSED: the hold on the payer's card is released; no money moved, so no ledger event. */
@CommandHandler(ReverseAuthorizationCommand)
export class ReverseAuthorizationHandler implements ICommandHandler<ReverseAuthorizationCommand, ReversalView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly charges: ChargeLoader,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: ReverseAuthorizationCommand): Promise<ReversalView> {
    const { businessId, mode } = command;
    await this.charges.assertOwned(command.chargeId, businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(
      this.store,
      cardChargeStream(command.chargeId),
      cardChargeDecider,
      { type: 'ReverseAuthorization', reversalId: newCardId(this.ids), externalId: command.externalId, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(CARDS_PROJECTION, decision.appended.position, 10_000);
    const reversed = (decision.events[0] as CardAuthorizationReversed).data;
    return {
      reversalId: reversed.reversalId,
      chargeId: reversed.chargeId,
      businessId,
      externalId: reversed.externalId,
      amount: reversed.amount,
      currency: reversed.currency,
      createdAt: reversed.reversedAt,
    };
  }
}
