import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

/** A string, or a number the client sent for one (`exp_month: 12`); reaches the handler as a string. */
export function IsStringOrDigits(field: string, maxLength: number): PropertyDecorator {
  return (target, property) => {
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value,
    )(target, property);
    ValidateBy(
      {
        name: 'isStringOrDigits',
        constraints: [maxLength],
        validator: {
          validate: (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= maxLength,
        },
      },
      { message: `${field} must be a string of at most ${maxLength} characters` },
    )(target, property);
  };
}
