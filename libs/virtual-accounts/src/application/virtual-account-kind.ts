import { instrumentId, type InstrumentKind } from '@gateway/fixed-instruments';
import { virtualAccountDecider, type VirtualAccountTypes } from '../domain/virtual-account.decider';
import { VirtualAccountErrors } from '../domain/virtual-account.errors';
import { VIRTUAL_ACCOUNT_EVENT_NAMES, virtualAccountStream } from '../domain/virtual-account.events';
import { VIRTUAL_ACCOUNTS_PROJECTION } from '../read-models/virtual-accounts.projection';

/**
 * An account's id is derived from (business, mode, bank, complete number): its stream `fva-<id>`
 * is created with `no_stream`, so two creations of one number cannot both commit, and a payment
 * simulation finds the account from the number alone.
 */
export function virtualAccountId(businessId: string, mode: string, bankCode: string, accountNumber: string): string {
  return instrumentId('fva', businessId, mode, bankCode, accountNumber);
}

/** Virtual accounts as the fixed instruments kernel sees them. */
export const VIRTUAL_ACCOUNTS: InstrumentKind<VirtualAccountTypes, typeof VIRTUAL_ACCOUNT_EVENT_NAMES> = {
  decider: virtualAccountDecider,
  streamOf: virtualAccountStream,
  // A payment finds the account by bank and complete number.
  idAt: virtualAccountId,
  projection: VIRTUAL_ACCOUNTS_PROJECTION,
  // The decider refuses a number whose stream exists with this code (the spec has no "taken" code).
  takenCode: 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
  expiryActor: 'system:virtual-account-expiry',
  // No free number left in the range: UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR.
  refuse: { ...VirtualAccountErrors, exhausted: VirtualAccountErrors.rangeExhausted },
};
