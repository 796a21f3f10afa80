import { applyDecorators } from '@nestjs/common';
import { ValidateBy } from 'class-validator';
import { ApiField } from '../openapi/request-schema.decorators';

/**
 * The one rule for a time a client sends (query filters and body fields alike): an ISO 8601
 * date-time as the API writes its own times and as its document declares them (`format:
 * date-time`, RFC 3339): `YYYY-MM-DD`, `T`, `hh:mm:ss`, an optional fraction, and a zone that is
 * `Z` or `±hh:mm`. Refused: anything `new Date()` guesses at (`-1` is 2001-01-01, `1.5` January
 * 2001, `Tue Mar 05` some year's March, a number a count of milliseconds); a time without a zone
 * (local to whom?); a bare date (the spec's report filter wants "ISO 8601 strings at UTC+0", and
 * the document never offered one); and the ISO forms JavaScript and PostgreSQL do not read alike
 * or at all (`2026-W48`, `2026-335`, `2026-11`, `2026-11-01 10:00`, `20261101T1000Z`): week dates
 * passed the invoice filters' `IsISO8601` and reached PostgreSQL as a 500.
 */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Whether `value` is such a text and names a real time (no February 30, hour 24 or offset +25:00). */
export function isIsoDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const parts = ISO_DATE_TIME.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = parts.slice(7).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  date.setUTCFullYear(year);
  const realDate = year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDate && hour < 24 && minute < 60 && second < 60 && offsetHours < 24 && offsetMinutes < 60;
}

/** A time as a string field (the value stays the client's text): refused (400) unless `isIsoDateTime`. */
export const IsIsoDateTime = (label?: string) =>
  applyDecorators(
    ApiField({ schema: { type: 'string', format: 'date-time' } }),
    ValidateBy({
      name: 'isIsoDateTime',
      validator: {
        validate: (value) => isIsoDateTime(value),
        defaultMessage: (args) => isoDateTimeMessage(label ?? args?.property ?? 'the value'),
      },
    }),
  );

export function isoDateTimeMessage(label: string): string {
  return (
    `${label} must be an ISO 8601 date-time of the years 1 to 9999 with seconds and a zone ` +
    '(2026-11-01T00:00:00Z, 2026-11-01T07:00:00.000+07:00)'
  );
}
