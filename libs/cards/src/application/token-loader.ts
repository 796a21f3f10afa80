import { aggregateRuns, CommandPipeline } from '@gateway/event-store';
import { Injectable } from '@nestjs/common';
import { cardTokenDecider, type CardTokenState } from '../domain/card-token.decider';
import { cardTokenStream } from '../domain/card-token.events';
import { CardErrors } from '../domain/cards.errors';
import { CARDS_PROJECTION } from '../read-models/cards.projection';
import { CARD_ID_PATTERN } from './card-ids';

/** Commands on a card token: the cards read model shows the outcome before the answer (the 3DS page reads it). */
export const onCardToken = aggregateRuns({
  streamOf: cardTokenStream,
  decider: cardTokenDecider,
  readModel: CARDS_PROJECTION,
});

/**
 * A token of this business and mode, or TOKEN_NOT_FOUND_ERROR (another business's token does not exist for the caller).
 */
@Injectable()
export class TokenLoader {
  constructor(private readonly pipeline: CommandPipeline) {}

  async load(
    tokenId: string,
    businessId: string,
    mode: 'test' | 'live',
  ): Promise<Extract<CardTokenState, { status: 'active' }>> {
    if (!CARD_ID_PATTERN.test(tokenId)) throw CardErrors.invalidTokenId();
    const { state } = await this.pipeline.load(cardTokenStream(tokenId), cardTokenDecider);
    if (state.status !== 'active' || state.snapshot.businessId !== businessId || state.snapshot.mode !== mode)
      throw CardErrors.tokenNotFound();
    return state;
  }
}
