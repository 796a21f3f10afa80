import { COMPONENT_SCHEMA_PREFIX, type JsonSchema, namedSchemaOf } from './json-schema';
import type { OpenApiDocument } from './openapi-types';

/** The schemas the document refers to: request DTOs, named response schemas, and the ones they name. */
export function collectComponents(
  document: OpenApiDocument,
  requestComponents: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = { Error: ERROR_BODY, ValidationIssue: VALIDATION_ISSUE };
  const pending = [document.paths, document.webhooks, ERROR_BODY, VALIDATION_ISSUE] as unknown[];
  while (pending.length > 0) {
    for (const reference of referencesIn(pending.pop())) {
      const name = reference.slice(COMPONENT_SCHEMA_PREFIX.length);
      if (components[name]) continue;
      const schema = requestComponents[name] ?? namedSchemaOf(reference)?.schema;
      if (!schema) throw new Error(`OpenAPI: ${reference} names no schema`);
      components[name] = schema;
      pending.push(schema);
    }
  }
  return sortedByKey(components);
}

function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENT_SCHEMA_PREFIX)) found.push(item);
      else referencesIn(item, found);
    }
  }
  return found;
}

export function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  description: 'Every error answer',
  required: ['error_code', 'message'],
  properties: {
    error_code: { type: 'string', description: 'What went wrong: decide on this' },
    message: { type: 'string', description: 'For people; may change' },
    errors: {
      type: 'array',
      items: { $ref: `${COMPONENT_SCHEMA_PREFIX}ValidationIssue` },
      description: 'API_VALIDATION_ERROR only: what was wrong, field by field',
    },
  },
  // Some errors carry more (a reused disbursement key names the original's id, external_id and status).
  additionalProperties: true,
};

const VALIDATION_ISSUE: JsonSchema = {
  type: 'object',
  description: 'One problem of an API_VALIDATION_ERROR',
  required: ['field', 'location', 'messages', 'types'],
  properties: {
    field: {
      type: 'array',
      items: { type: 'string' },
      description: "Path to the value (`['items', '0', 'name']`); empty for the whole input",
    },
    location: { type: 'string', enum: ['body', 'query', 'path', 'header'] },
    messages: { type: 'array', items: { type: 'string' } },
    types: {
      type: 'array',
      items: { type: 'string' },
      description: 'The rules that failed (`isString`, `maxLength`, ...)',
    },
  },
};
