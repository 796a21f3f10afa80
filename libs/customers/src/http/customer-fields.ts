import { ApiField } from '@gateway/http-edge';
import { applyDecorators, type Type as Class } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/** Limits the spec states, and the bound we chose where it states none (docs/decisions.md, "Customers"). */
export const LIMITS = {
  referenceId: 255,
  email: 50,
  text: 255,
  description: 500,
  company: 100,
  arrayItems: 50,
  documentImages: 20,
} as const;

/** E.164: a `+`, then up to 15 digits, the first not 0 (spec: "max 15 digits excluding +"). */
export const E164 = /^\+[1-9]\d{1,14}$/;
export const COUNTRY = /^[A-Z]{2}$/;

/** Optional, and on update `null` (remove) is allowed too: the other rules apply to non-null values. */
export const OptionalOrNull = () =>
  applyDecorators(
    IsOptional(),
    ValidateIf((_object, value) => value !== null),
    ApiField({ nullable: true }),
  );

/**
 * A list of up to LIMITS.arrayItems objects, each validated as `item`. Listed in the order stacked
 * decorators apply (bottom up), so its errors come in the order `@IsArray() ... @Type()` gave them.
 */
export const NestedList = (item: () => Class) =>
  applyDecorators(Type(item), ValidateNested({ each: true }), ArrayMaxSize(LIMITS.arrayItems), IsArray());

export const Text = (max: number = LIMITS.text) => applyDecorators(IsString(), MinLength(1), MaxLength(max));

export const CountryCode = () =>
  Matches(COUNTRY, { message: '$property must be a two-letter ISO 3166 country code in capitals' });

export const PhoneNumber = () => Matches(E164, { message: '$property must be an E.164 number: + and up to 15 digits' });

/** YYYY-MM-DD and a real calendar date. */
export const CalendarDate = () =>
  ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
          const date = new Date(`${value}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
        },
      },
    },
    { message: '$property must be a YYYY-MM-DD date' },
  );

/** A JSON object (not an array, not null). */
export const PlainObject = () =>
  ValidateBy(
    {
      name: 'isPlainObject',
      validator: { validate: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) },
    },
    { message: '$property must be an object' },
  );

/** A metadata value: text, or a number or a boolean (clients of the real service send them; their text counts). */
function isMetadataValue(value: unknown): boolean {
  return (
    typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * `metadata` (spec: "object; up to 50 keys, key names up to 40 chars, values up to 500 chars"): a JSON object whose
 * values are strings, numbers or booleans. An object, a list or null as a value has no "characters" to bound, and
 * was stored as given (docs/decisions.md, "Shapes inside lists and objects"). The limits on keys and lengths are the
 * domain's (`metadataViolations`), which counts a number or a boolean by its text.
 */
export const CustomerMetadata = () =>
  applyDecorators(
    ValidateBy({
      name: 'isMetadataValues',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'object' || value === null || Object.values(value).every(isMetadataValue),
        defaultMessage: (args) => {
          const keys = Object.entries((args?.value ?? {}) as object).flatMap(([key, item]) =>
            isMetadataValue(item) ? [] : [key],
          );
          return (
            `metadata values must be strings, numbers or booleans, not objects, lists or null: ` +
            keys.map((key) => `metadata.${key}`).join(', ')
          );
        },
      },
    }),
    PlainObject(),
  );
