/**
 * A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as the document holds it. Loose on
 * purpose: the document is plain data, checked by a linter and by the contract check.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  examples?: unknown[];
  deprecated?: boolean;
  [keyword: string]: unknown;
}

/** A schema the document keeps once under `components.schemas` and refers to by name. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: JsonSchema;
}

export const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

/** Every named schema, by name: what a `$ref` made by `ref()` points at. */
const namedSchemas = new Map<string, NamedSchema>();

/**
 * A schema kept under `components.schemas` as `name`. Names are global: two contexts naming two
 * different schemas alike is a bug worth failing the start-up for.
 */
export function namedSchema(name: string, schema: JsonSchema): NamedSchema {
  if (!/^[A-Za-z0-9_.-]+$/.test(name))
    throw new Error(`OpenAPI schema name ${name} may use letters, digits, _ . - only`);
  const known = namedSchemas.get(name);
  if (known && known.schema !== schema) throw new Error(`OpenAPI schema ${name} is declared twice`);
  const named = { name, schema };
  namedSchemas.set(name, named);
  return named;
}

/** `{ $ref }` to a named schema. */
export function ref(named: NamedSchema): JsonSchema {
  return { $ref: `${COMPONENT_SCHEMA_PREFIX}${named.name}` };
}

/** The named schema a `$ref` of `ref()` points at. */
export function namedSchemaOf(reference: string): NamedSchema | undefined {
  return reference.startsWith(COMPONENT_SCHEMA_PREFIX)
    ? namedSchemas.get(reference.slice(COMPONENT_SCHEMA_PREFIX.length))
    : undefined;
}

export function isNamedSchema(value: unknown): value is NamedSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as NamedSchema).name === 'string' &&
    typeof (value as NamedSchema).schema === 'object'
  );
}
