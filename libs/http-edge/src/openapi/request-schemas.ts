import type { Type } from '@nestjs/common';
import type { MetadataStorage as TransformerMetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { COMPONENT_SCHEMA_PREFIX, type JsonSchema } from './json-schema';

// class-transformer keeps `@Type()` metadata here (what class-validator-jsonschema's README reads); its package ships
// no typings for the path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: TransformerMetadataStorage;
};

const SAFE_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * The gateway's own validation rules (`ValidateBy` names) as JSON Schema. Their options travel in
 * the rule's `constraints` (see `IsMoneyAmount`), so the schema says what the rule enforces.
 */
const GATEWAY_RULES: Record<string, (meta: ValidationMetadata) => JsonSchema> = {
  isMoneyAmount: (meta) => {
    const options = (meta.constraints?.[0] ?? {}) as {
      decimals?: number;
      acceptDigitStrings?: boolean;
      currency?: string;
    };
    const decimals = options.decimals ?? 0;
    const number: JsonSchema =
      decimals === 0
        ? {
            type: 'integer',
            description:
              `A whole number${options.currency ? ` (${options.currency} has no decimals)` : ''}, ` +
              `at most 2^53 − 1 in size`,
          }
        : {
            type: 'number',
            description: `At most ${decimals} decimals (${options.currency}), at most 2^53 − 1 in size`,
          };
    if (!options.acceptDigitStrings) return { ...number, 'x-money-amount': true };
    return {
      'x-money-amount': true,
      description: `${String(number.description)}; a string of digits is accepted too`,
      oneOf: [{ type: number.type }, { type: 'string', pattern: '^\\d{1,15}$' }],
    };
  },
  isStringOrDigits: (meta) => {
    const maxLength = Number(meta.constraints?.[0] ?? 255);
    return {
      oneOf: [
        { type: 'string', minLength: 1, maxLength },
        { type: 'integer', minimum: 0, description: 'digits sent as a number are read as a string' },
      ],
    };
  },
  isCalendarDate: () => ({ type: 'string', format: 'date' }),
  isPlainObject: () => ({ type: 'object', additionalProperties: true }),
  // Customer `metadata`: its values are text, numbers or booleans (customer-fields.ts).
  isMetadataValues: () => ({ type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } }),
  // class-validator's `isUrl`/`isDate`: the wire value is a string (a query or JSON carries no Date).
  isUrl: () => ({ type: 'string', format: 'uri' }),
  isDate: () => ({ type: 'string', format: 'date-time' }),
  isIso8601: () => ({
    anyOf: [
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'date' },
    ],
  }),
  isObject: () => ({ type: 'object' }),
  // IsIsoDate's second half: says nothing beyond isIso8601's formats.
  isReadableIsoDate: () => ({}),
};

const additionalConverters = Object.fromEntries(
  Object.entries(GATEWAY_RULES).map(([name, convert]) => [name, (meta: ValidationMetadata) => convert(meta) as never]),
) as ISchemaConverters;

export interface RequestSchemas {
  /** The `$ref` of the DTO's schema. */
  reference: JsonSchema;
  /** The schema of every class it names (itself and nested DTOs), by component name. */
  components: Record<string, JsonSchema>;
}

/**
 * The JSON Schema of a request DTO, read from its class-validator rules (and class-transformer's
 * `@Type` for nested DTOs) by class-validator-jsonschema; nested DTOs become components of their
 * own. Extra fields are not refused (the validation pipe drops them), so objects stay open.
 */
export function requestSchemasOf(dto: Type): RequestSchemas {
  const components: Record<string, JsonSchema> = {};
  // A nested DTO without an example of its own takes the part of its parent's example it validates.
  const pending: { target: Type; example?: unknown }[] = [{ target: dto }];
  while (pending.length > 0) {
    const { target, example } = pending.pop()!;
    if (components[target.name]) continue;
    const converted = targetConstructorToSchema(target, {
      additionalConverters,
      classTransformerMetadataStorage: defaultMetadataStorage,
      classValidatorMetadataStorage: getMetadataStorage(),
      refPointerPrefix: COMPONENT_SCHEMA_PREFIX,
    }) as JsonSchema;
    if (converted.examples === undefined && isRecord(example)) converted.examples = [example];
    const schema = finish(converted);
    components[target.name] = schema;
    const own = schema.examples?.[0] as Record<string, unknown> | undefined;
    for (const { property, type } of nestedTypes(target)) {
      const part = own?.[property];
      pending.push({ target: type, example: Array.isArray(part) ? part[0] : part });
    }
    // DTOs a field's documented schema names (`@ApiField({ schema: { additionalProperties: { $ref } } })`).
    for (const name of referencedNames(schema)) {
      const named = validatedClassNamed(name);
      if (named && !components[name]) pending.push({ target: named });
    }
  }
  return { reference: { $ref: `${COMPONENT_SCHEMA_PREFIX}${dto.name}` }, components };
}

/** The DTO classes a DTO validates nested (`@ValidateNested() @Type(() => ItemDto)`). */
function nestedTypes(target: Type): { property: string; type: Type }[] {
  return getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .filter((meta) => meta.type === 'nestedValidation')
    .map((meta) => ({
      property: meta.propertyName,
      type: defaultMetadataStorage.findTypeMetadata(target, meta.propertyName)?.typeFunction() as Type | undefined,
    }))
    .filter(
      (nested): nested is { property: string; type: Type } =>
        typeof nested.type === 'function' && nested.type !== Object && nested.type !== Map,
    );
}

/**
 * The library names built-in classes (`Object` for a map, `Date`) as if they were DTOs: what they stand for on the
 * wire.
 */
const BUILT_IN_SCHEMAS: Record<string, JsonSchema> = {
  Object: { type: 'object' },
  Map: { type: 'object' },
  Date: { type: 'string', format: 'date-time' },
  String: { type: 'string' },
  Number: { type: 'number' },
  Boolean: { type: 'boolean' },
  Array: { type: 'array' },
};

function withoutBuiltInRefs(schema: JsonSchema): JsonSchema {
  const builtIn =
    typeof schema.$ref === 'string' ? BUILT_IN_SCHEMAS[schema.$ref.slice(COMPONENT_SCHEMA_PREFIX.length)] : undefined;
  if (builtIn) {
    const { $ref: _ref, ...rest } = schema;
    return { ...builtIn, ...rest };
  }
  if (schema.items) return { ...schema, items: withoutBuiltInRefs(schema.items) };
  return schema;
}

function referencedNames(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencedNames(item, found);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENT_SCHEMA_PREFIX))
        found.push(item.slice(COMPONENT_SCHEMA_PREFIX.length));
      else referencedNames(item, found);
    }
  }
  return found;
}

/** The class with validation rules of that name (class-validator keeps its rules per class). */
function validatedClassNamed(name: string): Type | undefined {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Type, unknown> };
  for (const target of storage.validationMetadatas.keys())
    if (typeof target === 'function' && target.name === name) return target;
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Tidies what the converters merged: a `oneOf` wins over a `type` a bound added next to it;
 * money fields get the ±(2^53 − 1) bounds where the DTO set none; the class example becomes each
 * field's example.
 */
function finish(schema: JsonSchema): JsonSchema {
  const example = (schema.examples?.[0] ?? undefined) as Record<string, unknown> | undefined;
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => {
      const tidy = withoutBuiltInRefs({ ...property });
      if ((tidy.oneOf || tidy.anyOf) && tidy.type !== undefined) delete tidy.type;
      if (tidy['x-money-amount']) {
        delete tidy['x-money-amount'];
        tidy.minimum ??= -SAFE_LIMIT;
        tidy.maximum ??= SAFE_LIMIT;
      }
      if (tidy.type === 'array' && tidy.items && Object.keys(tidy.items).length === 0) tidy.items = {};
      if (example && name in example && tidy.examples === undefined) tidy.examples = [example[name]];
      return [name, tidy];
    }),
  );
  return { ...schema, properties };
}
