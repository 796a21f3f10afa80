import { applyDecorators } from '@nestjs/common';
import { IsISO8601, ValidateBy } from 'class-validator';

/**
 * The rule for the body fields the spec types as an ISO 8601 date (VA, payment code and eWallet
 * `expiration_date`, recurring `start_date`, "date of the first charge"): an ISO 8601 date or
 * date-time, a bare date included, that JavaScript reads as a time. ISO 8601 also has week dates
 * (`2026-W48`), ordinal dates (`2026-333`) and the basic format (`20270101`): `IsISO8601` takes
 * them, `new Date()` does not, and they reached the deciders as an Invalid Date, a 500. Query
 * filters and the platform's own time fields use the stricter `IsIsoDateTime`.
 */
export const IsIsoDate = (options: { strictSeparator?: boolean } = {}) =>
  applyDecorators(
    IsISO8601({ strict: true, ...options }),
    ValidateBy({
      name: 'isReadableIsoDate',
      validator: {
        validate: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
        defaultMessage: (args) =>
          `${args?.property ?? 'the value'} must be an ISO 8601 calendar date or date-time ` +
          '(2027-01-31, 2027-01-31T23:59:59.000Z); week and ordinal dates and the basic format are not read',
      },
    }),
  );
