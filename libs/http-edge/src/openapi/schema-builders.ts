import type { JsonSchema } from './json-schema';

/**
 * Small builders for the response and callback schemas written next to each context's wire
 * mappers (`*.response.ts`). They only shorten JSON Schema; the contract check (every e2e
 * response validated against the document) is what keeps each schema true to its mapper.
 */

type Extra = Omit<JsonSchema, 'type'>;

export const string = (description?: string, extra: Extra = {}): JsonSchema => ({
  type: 'string',
  ...(description && { description }),
  ...extra,
});

export const integer = (description?: string, extra: Extra = {}): JsonSchema => ({
  type: 'integer',
  ...(description && { description }),
  ...extra,
});

export const number = (description?: string, extra: Extra = {}): JsonSchema => ({
  type: 'number',
  ...(description && { description }),
  ...extra,
});

export const boolean = (description?: string): JsonSchema => ({ type: 'boolean', ...(description && { description }) });

/** An ISO 8601 time in UTC (`2024-05-01T10:00:00.000Z`). */
export const dateTime = (description?: string): JsonSchema => ({
  type: 'string',
  format: 'date-time',
  ...(description && { description }),
});

/** An amount in the major units of its currency, as every amount on the wire (IDR: whole rupiah). */
export const amount = (description = "Amount in the currency's major units (IDR: whole rupiah)"): JsonSchema => ({
  type: 'number',
  description,
});

/** One of a fixed set of strings. */
export const oneOfStrings = (values: readonly string[], description?: string): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...(description && { description }),
});

/** A JSON object of any shape (metadata, event data, a state snapshot). */
export const anyObject = (description?: string): JsonSchema => ({
  type: 'object',
  additionalProperties: true,
  ...(description && { description }),
});

export const arrayOf = (items: JsonSchema, description?: string, extra: Extra = {}): JsonSchema => ({
  type: 'array',
  items,
  ...(description && { description }),
  ...extra,
});

/** The value or `null`. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (schema.$ref || schema.oneOf || schema.anyOf || schema.allOf || schema.type === undefined) {
    const { description, ...rest } = schema;
    return { ...(description !== undefined && { description }), anyOf: [rest, { type: 'null' }] };
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return {
    ...schema,
    type: types.includes('null') ? types : [...types, 'null'],
    ...(schema.enum && !schema.enum.includes(null) && { enum: [...schema.enum, null] }),
  };
}

export interface ObjectOptions {
  /** Properties that may be absent (every other one is always present, possibly `null`). */
  optional?: readonly string[];
  description?: string;
  title?: string;
}

/**
 * An object whose every property is present unless listed in `optional`. Properties beyond the
 * listed ones are not promised away in the document (clients should ignore new fields), but the
 * contract check refuses them in our own responses, so a field the code adds without documenting
 * it fails the suite that saw it.
 */
export function object(properties: Record<string, JsonSchema>, options: ObjectOptions = {}): JsonSchema {
  const optional = new Set(options.optional ?? []);
  for (const name of optional)
    if (!(name in properties)) throw new Error(`Optional property ${name} is not a property of the schema`);
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return {
    type: 'object',
    ...(options.title && { title: options.title }),
    ...(options.description && { description: options.description }),
    properties,
    ...(required.length > 0 && { required }),
  };
}

/** A page of `items`: `{ data: [...], has_more }`. */
export const pageOf = (items: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema =>
  object({ data: arrayOf(items), has_more: boolean('Whether more items follow this page'), ...extra });
