import { aggregateRuns, CommandPipeline } from '@gateway/event-store';
import { Injectable } from '@nestjs/common';
import { cardChargeDecider, type CardChargeState } from '../domain/card-charge.decider';
import { cardChargeStream } from '../domain/card-charge.events';
import { CardErrors } from '../domain/cards.errors';
import { CARDS_PROJECTION } from '../read-models/cards.projection';
import { CARD_ID_PATTERN } from './card-ids';

/** Commands on a card charge: the cards read model shows the outcome before the answer (the caller reads it next). */
export const onCharge = aggregateRuns({
  streamOf: cardChargeStream,
  decider: cardChargeDecider,
  readModel: CARDS_PROJECTION,
});

/** A charge of this business and mode, or CREDIT_CARD_CHARGE_NOT_FOUND_ERROR (also for another business's charge). */
@Injectable()
export class ChargeLoader {
  constructor(private readonly pipeline: CommandPipeline) {}

  async assertOwned(
    chargeId: string,
    businessId: string,
    mode: 'test' | 'live',
  ): Promise<Exclude<CardChargeState, { status: 'none' }>> {
    if (!CARD_ID_PATTERN.test(chargeId)) throw CardErrors.chargeNotFound();
    const { state } = await this.pipeline.load(cardChargeStream(chargeId), cardChargeDecider);
    if (state.status === 'none' || state.snapshot.businessId !== businessId || state.snapshot.mode !== mode)
      throw CardErrors.chargeNotFound();
    return state;
  }
}
