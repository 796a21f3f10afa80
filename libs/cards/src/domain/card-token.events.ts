import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';
import type { CardBrand } from './card-number';
import type { ThreeDsProfile } from './card-network-simulator';
import type { CardChargeOrder } from './card-charge-order';
import type { Eci } from './eci';

export type { Eci } from './eci';

/**
 * A card token as events see it: never the card number or the CVN (those live only in the
 * encrypted vault, and the CVN nowhere), only the masked number and what the network told us.
 */
export interface CardTokenSnapshot {
  tokenId: string;
  businessId: string;
  mode: 'test' | 'live';
  isMultipleUse: boolean;
  /** First 6 and last 4 digits. */
  maskedCardNumber: string;
  cardBrand: CardBrand;
  cardType: 'CREDIT' | 'DEBIT';
  expMonth: number;
  expYear: number;
  /** The row of the encrypted card vault holding the number. */
  vaultId: string;
  /** How the (simulated) issuer's 3DS answers for this card. */
  threeDsProfile: ThreeDsProfile;
  createdAt: string;
}

export type AuthenticationStatus = 'IN_REVIEW' | 'VERIFIED' | 'FAILED';

export type CardTokenCreated = DomainEvent<'CardTokenCreated', CardTokenSnapshot>;

/** The payer was sent to the issuer's challenge page; bundled = started by tokenization itself. */
export type CardAuthenticationStarted = DomainEvent<
  'CardAuthenticationStarted',
  {
    tokenId: string;
    authenticationId: string;
    amount: number;
    bundled: boolean;
    maskedCardNumber: string;
    startedAt: string;
  }
>;
export type CardAuthenticationVerified = DomainEvent<
  'CardAuthenticationVerified',
  { tokenId: string; authenticationId: string; amount: number; bundled: boolean; eci: Eci; verifiedAt: string }
>;
export type CardAuthenticationFailed = DomainEvent<
  'CardAuthenticationFailed',
  {
    tokenId: string;
    authenticationId: string;
    amount: number;
    bundled: boolean;
    failureReason: 'AUTHENTICATION_FAILED';
    failedAt: string;
  }
>;
/**
 * A charge used the token (and its authentication, if any): single-use tokens and authentications
 * are spent. This is the charge's commit point: `charge` carries the whole order, and the charge
 * stream is created from it (by the request, or by the follower after a crash). Absent in events
 * written before the order was carried: then the request created the charge by itself.
 */
export type CardTokenCharged = DomainEvent<
  'CardTokenCharged',
  {
    tokenId: string;
    chargeId: string;
    authenticationId?: string;
    eci: Eci;
    chargedAt: string;
    charge?: CardChargeOrder;
  }
>;

export type CardTokenEvent =
  | CardTokenCreated
  | CardAuthenticationStarted
  | CardAuthenticationVerified
  | CardAuthenticationFailed
  | CardTokenCharged;

export const cardTokenStream = (tokenId: string) => `cardtoken-${tokenId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const CARD_TOKEN_EVENT_SCHEMAS = declareEventSchemas<CardTokenEvent>('cards', {
  CardTokenCreated: 1,
  CardAuthenticationStarted: 1,
  CardAuthenticationVerified: 1,
  CardAuthenticationFailed: 1,
  CardTokenCharged: 1,
});

export const CARD_TOKEN_EVENT_TYPES = CARD_TOKEN_EVENT_SCHEMAS.types;
