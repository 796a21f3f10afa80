import { localDateTimeToInstant } from './viewer-time';

/**
 * A `datetime-local` field in the viewer's zone as the API's ISO 8601 instant; empty is absent,
 * anything else is passed on as typed so the DTO refuses it with its own message.
 */
export function expirationField(value: string | undefined, zone: string): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return localDateTimeToInstant(text, zone)?.toISOString() ?? text;
}

/** A yes/no radio: `true`/`false`, absent when not sent; anything else stays text for the DTO to refuse. */
export function optionalBoolean(value: string | undefined): boolean | string | undefined {
  if (value === undefined || value === '') return undefined;
  return value === 'true' ? true : value === 'false' ? false : value;
}
