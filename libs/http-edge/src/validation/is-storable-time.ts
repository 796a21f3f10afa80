import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsDate, MaxDate, MinDate } from 'class-validator';
import { ApiField } from '../openapi/request-schema.decorators';

/** Years 1 to 9999: ISO 8601's four-digit years, inside what PostgreSQL's timestamptz holds (4713 BC on). */
const EARLIEST = new Date('0001-01-01T00:00:00.000Z');
const LATEST = new Date('9999-12-31T23:59:59.999Z');

/**
 * A time given as ISO 8601 text, turned into a Date: refused (400) unless it is a time of years 1
 * to 9999. JavaScript reads extended years (`-004714-01-01T00:00:00Z`) that PostgreSQL cannot
 * store or compare, which made such a filter a 500 (docs/decisions.md, "An explicit null is an
 * absent field", the probe that found both). `label` names the field in the message
 * (`filter.from`). Listed in the order stacked decorators apply (bottom up).
 */
export const IsStorableTime = (label: string) =>
  applyDecorators(
    // The rules' own schema would list the bounds as alternative formats; the document says what is sent.
    ApiField({ schema: { type: 'string', format: 'date-time' } }),
    MaxDate(LATEST, { message: `${label} must be a time of the years 1 to 9999` }),
    MinDate(EARLIEST, { message: `${label} must be a time of the years 1 to 9999` }),
    IsDate({ message: `${label} must be an ISO 8601 time` }),
    Type(() => Date),
  );
