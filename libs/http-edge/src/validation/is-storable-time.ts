import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDate, MaxDate, MinDate } from 'class-validator';
import { ApiField } from '../openapi/request-schema.decorators';
import { isIsoDateTime, isoDateTimeMessage } from './iso-date-time';

/** Years 1 to 9999: ISO 8601's four-digit years, inside what PostgreSQL's timestamptz holds (4713 BC on). */
const EARLIEST = new Date('0001-01-01T00:00:00.000Z');
const LATEST = new Date('9999-12-31T23:59:59.999Z');

/**
 * A time given as ISO 8601 text (`isIsoDateTime`, the rule every time field shares), turned into a
 * Date: refused (400) otherwise, or unless it is a time of years 1 to 9999 (an offset can move a
 * date of year 1 or 9999 out of them). The text is judged as the client sent it: `Type(() => Date)`
 * handed the rules `new Date(value)`, which makes a time of `-1`, `1.5`, `"Tue Mar 05"` or a number,
 * so `from=-1` was 2001 and `{"since":123}` resent deliveries. JavaScript also reads extended years
 * (`-004714-01-01T00:00:00Z`) that PostgreSQL cannot store or compare (docs/decisions.md, "An
 * explicit null is an absent field"). `label` names the field in the message (`filter.from`).
 * Listed in the order stacked decorators apply (bottom up).
 */
export const IsStorableTime = (label: string) =>
  applyDecorators(
    // The rules' own schema would list the bounds as alternative formats; the document says what is sent.
    ApiField({ schema: { type: 'string', format: 'date-time' } }),
    MaxDate(LATEST, { message: `${label} must be a time of the years 1 to 9999` }),
    MinDate(EARLIEST, { message: `${label} must be a time of the years 1 to 9999` }),
    IsDate({ message: isoDateTimeMessage(label) }),
    // `obj[key]`: the value as sent, before any implicit conversion. Other text stays as sent: IsDate refuses it.
    Transform(({ obj, key }) => {
      const raw: unknown = (obj as Record<string, unknown>)[key];
      return isIsoDateTime(raw) ? new Date(raw) : raw;
    }),
  );
