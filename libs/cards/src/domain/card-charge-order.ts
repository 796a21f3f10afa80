import type { CardChargeSnapshot } from './card-charge.events';

/**
 * Everything creating a charge needs, fixed before the token is used and recorded with the use
 * (`CardTokenCharged.charge`): the token's use is the charge's commit point, so whoever creates
 * the charge stream afterwards (the request's handler, or the follower after a crash) creates the
 * same charge from the log alone, with the fee and settings the request saw.
 */
export interface CardChargeOrder {
  /** The charge as it will be created, except what the token's use decides: its authentication and ECI. */
  snapshot: Omit<CardChargeSnapshot, 'authenticationId' | 'eci'>;
  capture: boolean;
  /** The card's expiry, from the token: an expired card makes a FAILED charge. */
  expMonth: number;
  expYear: number;
  fraudDetection: boolean;
  /** The ledger's fee (and its VAT) for capturing the whole amount, from the business's fee schedule at the time. */
  fee: number;
  feeTax: number;
}
