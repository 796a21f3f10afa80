import { DomainError } from '@gateway/domain';
import { EventFollower, type Followed, Follower, reactionMetadata } from '@gateway/projections';
import { Logger } from '@nestjs/common';
import type { CardTokenCharged } from '../domain/card-token.events';
import { createChargeOf, isOrderedTokenUse } from '../domain/charge-of-token-use';
import { ChargeMaterializer } from './charge-materializer';

export const TOKEN_USE_FOLLOWER = 'cards.token-use-follower';

/**
 * A follower that creates the charge of every token use carrying an order, unless it exists. The
 * use is the charge's commit point and the request creates the charge right after it; this
 * follower completes the charges of requests whose process died in between. Usually the charge
 * exists already and the creation is refused by the store (`no_stream`), at the cost of one
 * failed append per charge.
 */
@Follower()
export class TokenUseFollower extends EventFollower<CardTokenCharged> {
  private readonly logger = new Logger(TokenUseFollower.name);

  constructor(private readonly charges: ChargeMaterializer) {
    // Each charge is its own stream: the batch's creations go together (the store's combiner batches them).
    super(TOKEN_USE_FOLLOWER, ['CardTokenCharged'], 'together');
  }

  protected async follow(recorded: Followed<CardTokenCharged>): Promise<void> {
    const use = recorded.data;
    // A use recorded before orders were carried: its request created the charge by itself.
    if (!isOrderedTokenUse(use)) return;
    // The instant of the request, as the charge's own fields have it.
    const reaction = reactionMetadata(recorded, 'system:cards.token-use-follower');
    if (!reaction) return;
    // The charge is its requester's, whoever appends it first (the request's handler, or this
    // follower when the handler is slower or crashed): its creation names the requester, as the
    // token's use does, so the audit trail does not depend on which of the two won. The
    // causation id (the use's event id) still tells the follower's creation apart.
    const metadata = { ...reaction, actor: recorded.metadata.actor };
    try {
      if (await this.charges.create(createChargeOf(use), metadata)) {
        this.logger.log(
          `Created charge ${use.chargeId} from its use of token ${use.tokenId} (its request had not: it crashed, ` +
            `or is still running)`,
        );
      }
    } catch (error) {
      // An order the charge decider refuses can never become a charge: retrying the batch would
      // stop every later repair. (The handler decides the charge before committing the use, so
      // only a defect gets here.)
      if (!(error instanceof DomainError)) throw error;
      this.logger.error(
        `Token use ${recorded.id} ordered charge ${use.chargeId}, ` +
          `which cannot be created: ${error.code} ${error.message}`,
      );
    }
  }
}
