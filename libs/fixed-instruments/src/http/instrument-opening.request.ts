import type { Mode } from '../domain';

/** The request fields every fixed instrument's creation shares (API body or dashboard form, as validated). */
export interface InstrumentOpeningBody {
  external_id: string;
  name: string;
  is_single_use?: boolean;
}

/** The opening fields every kind's create request maps the same way: whose, which reference and name, how often. */
export function instrumentOpeningOf(owner: { businessId: string; mode: Mode }, body: InstrumentOpeningBody) {
  const { businessId, mode } = owner;
  return { businessId, mode, externalId: body.external_id, name: body.name, isSingleUse: body.is_single_use ?? false };
}

/** Creation refusals every kind documents, after its own (amount bounds, dates, a disabled channel). */
export const INSTRUMENT_CREATION_ERRORS = [
  'MINIMUM_EXPECTED_AMOUNT_ERROR',
  'MAXIMUM_EXPECTED_AMOUNT_ERROR',
  'EXPIRATION_DATE_INVALID_ERROR',
  'CHANNEL_NOT_ACTIVATED',
];

/** The change fields every kind shares, as sent (null or absent: unchanged). */
export interface InstrumentChangesBody {
  expected_amount?: number | null;
  expiration_date?: string | null;
}

/** The changes an update request maps the same way for every kind: the expected amount and the expiry. */
export function instrumentChangesOf(body: InstrumentChangesBody): { expectedAmount?: number; expirationDate?: Date } {
  const { expected_amount: expectedAmount, expiration_date: expirationDate } = body;
  return {
    ...(expectedAmount !== undefined && expectedAmount !== null && { expectedAmount }),
    ...(expirationDate !== undefined && expirationDate !== null && { expirationDate: new Date(expirationDate) }),
  };
}
