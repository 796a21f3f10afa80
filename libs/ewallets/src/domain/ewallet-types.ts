/**
 * The three wallet flavours of the spec, with the provider codes of gaps.md: wallet A pushes to
 * the payer's phone (OVO), wallet B redirects with an expiry (DANA), wallet C redirects with an
 * item list (LINKAJA).
 */
export const EWALLET_TYPES = ['OVO', 'DANA', 'LINKAJA'] as const;
export type EwalletType = (typeof EWALLET_TYPES)[number];

export function isEwalletType(value: unknown): value is EwalletType {
  return typeof value === 'string' && (EWALLET_TYPES as readonly string[]).includes(value);
}

/** Amount bounds per type (spec field table), in whole rupiah. */
export const AMOUNT_BOUNDS: Readonly<Record<EwalletType, { min: number; max: number }>> = {
  OVO: { min: 1, max: 10_000_000 },
  DANA: { min: 1, max: 10_000_000 },
  LINKAJA: { min: 100, max: 10_000_000 },
};

/** DANA's `expiration_date` default (spec: 24 hours); LINKAJA checkouts live as long (docs/decisions.md). */
export const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

/** A local Indonesian number: starts with 0, never +62 (spec, wallet A `phone`). */
export const LOCAL_PHONE = /^0[0-9]{7,14}$/;

/** OVO external ids: only alphanumeric characters and `-` (spec). */
export const OVO_EXTERNAL_ID = /^[A-Za-z0-9-]+$/;

export const EWALLET_CURRENCY = 'IDR';
