import type { CardChargeCommand } from './card-charge.decider';
import type { CardChargeOrder } from './card-charge-order';
import type { CardTokenCharged } from './card-token.events';

/** A token's use that carries its charge's order (every use recorded since the order is carried). */
export type OrderedTokenUse = CardTokenCharged['data'] & { charge: CardChargeOrder };

export type CreateChargeCommand = Extract<CardChargeCommand, { type: 'CreateCharge' }>;

export function isOrderedTokenUse(use: CardTokenCharged['data']): use is OrderedTokenUse {
  return use.charge !== undefined;
}

/**
 * The charge a token's use ordered: the order plus what the use decided (the authentication it
 * spent and the ECI). A pure function of the recorded use, so the request and the follower that
 * repairs a crash decide the very same charge (status, failure, fee) from it.
 */
export function createChargeOf(use: OrderedTokenUse): CreateChargeCommand {
  const { snapshot, capture, expMonth, expYear, fraudDetection, fee, feeTax } = use.charge;
  return {
    type: 'CreateCharge',
    snapshot: {
      ...snapshot,
      ...(use.authenticationId !== undefined && { authenticationId: use.authenticationId }),
      eci: use.eci,
    },
    capture,
    expMonth,
    expYear,
    fraudDetection,
    fee,
    feeTax,
    now: new Date(use.chargedAt),
  };
}
