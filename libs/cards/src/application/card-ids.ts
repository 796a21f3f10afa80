import type { IdGenerator } from '@gateway/runtime';

/** Card resources use the public API's 24-hex-digit ids (the shape the official clients expect). */
export const CARD_ID_PATTERN = /^[0-9a-f]{24}$/;

export function newCardId(ids: IdGenerator): string {
  return ids.uuid().replace(/-/g, '').slice(0, 24);
}

/** A 22-digit reference (the network's reconciliation id) drawn from a fresh uuid. */
export function newNumericReference(ids: IdGenerator): string {
  return BigInt(`0x${ids.uuid().replace(/-/g, '')}`)
    .toString()
    .padStart(22, '0')
    .slice(0, 22);
}
