import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

/**
 * The spec types token, capture and refund amounts as strings and charge amounts as numbers; the
 * public client passes whatever its caller gave. Both are accepted: a whole number of at least 1,
 * or a string of digits meaning one. The value reaches the handler as a number.
 */
export function IsCardAmount(field = 'amount'): PropertyDecorator {
  return (target, property) => {
    Transform(({ value }) => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value))(target, property);
    ValidateBy(
      { name: 'isCardAmount', validator: { validate: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 } },
      { message: `${field} must be a whole number of at least 1 (a number or a string of digits)` },
    )(target, property);
  };
}

/** A string, or a number the client sent for one (`exp_month: 12`); reaches the handler as a string. */
export function IsStringOrDigits(field: string, maxLength: number): PropertyDecorator {
  return (target, property) => {
    Transform(({ value }) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value))(target, property);
    ValidateBy(
      { name: 'isStringOrDigits', validator: { validate: (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= maxLength } },
      { message: `${field} must be a string of at most ${maxLength} characters` },
    )(target, property);
  };
}
