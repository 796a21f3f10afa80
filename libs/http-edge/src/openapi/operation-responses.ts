import { errorStatusFor } from '../errors/error-statuses';
import type { ApiDocOptions, DocumentedResponse } from './api-doc.decorator';
import { EDGE_ERROR_MESSAGES, edgeErrorsOf } from './edge-errors';
import { COMPONENT_SCHEMA_PREFIX, isNamedSchema, type JsonSchema, type NamedSchema, ref } from './json-schema';
import { JSON_TYPE, type OpenApiDocument, type ResponseObject } from './openapi-types';
import type { InventoriedRoute } from './route-inventory';

/**
 * The 2xx answer of `@ApiDoc` and every error the route can answer: the edge's for its traits and
 * the operation's own codes, grouped per status (statuses from the error registry, which the app
 * builds from the catalogues where the codes are declared).
 */
export function responsesOf(route: InventoriedRoute): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  const answer = successOf(route);
  responses[String(answer.status)] = answer.response;
  const byStatus = new Map<number, Set<string>>();
  const add = (code: string, status: number) =>
    (byStatus.get(status) ?? byStatus.set(status, new Set()).get(status)!).add(code);
  const traits = {
    authenticated: !route.noAuth,
    versioned: route.versionedResource !== undefined,
    idempotency: route.idempotency,
  };
  for (const error of edgeErrorsOf(traits, (code) => declaredStatus(code, route))) {
    add(error.code, error.status);
  }
  for (const error of route.doc?.errors ?? []) {
    if (typeof error === 'string') add(error, declaredStatus(error, route));
    else add(error[0], error[1]);
  }
  for (const [status, codes] of [...byStatus.entries()].sort(([a], [b]) => a - b))
    responses[String(status)] = errorResponse(status, [...codes].sort());
  return responses;
}

/**
 * A code no installed catalogue declares cannot be documented with a status: building the document
 * fails (at start-up, and in the OpenAPI tests) rather than guessing one.
 */
export function declaredStatus(code: string, route: { method: string; path: string }): number {
  const status = errorStatusFor(code);
  if (status === undefined) {
    throw new Error(`${route.method.toUpperCase()} ${route.path} documents ${code}, which no error catalogue declares`);
  }
  return status;
}

function successOf(route: InventoriedRoute): { status: number; response: ResponseObject } {
  const declared = normalisedResponse(route.doc?.response);
  const status = declared.status ?? route.status;
  const headers = {
    'Request-ID': { $ref: '#/components/headers/Request-ID' },
    ...(route.noAuth ? {} : RATE_LIMIT_HEADER_REFS),
  };
  if (declared.contentType && declared.contentType !== JSON_TYPE) {
    return {
      status,
      response: {
        description: declared.description ?? 'The file',
        headers,
        content: { [declared.contentType]: { schema: { type: 'string', contentMediaType: declared.contentType } } },
      },
    };
  }
  let schema = declared.schema ? schemaOrRef(declared.schema) : {};
  const byVersion = route.doc?.responseByVersion;
  if (byVersion) {
    const entries = Object.entries(byVersion);
    schema = {
      description: `The shape depends on the API version: ${entries.map(([version]) => `\`${version}\``).join(', ')}.`,
      anyOf: entries.map(([version, versioned]) => ({ title: `API-Version ${version}`, ...schemaOrRef(versioned) })),
    };
  }
  return {
    status,
    response: { description: declared.description ?? 'Success', headers, content: { [JSON_TYPE]: { schema } } },
  };
}

function normalisedResponse(response: ApiDocOptions['response'] | undefined): DocumentedResponse {
  if (response === undefined) return {};
  if (isNamedSchema(response)) return { schema: response };
  const candidate = response as DocumentedResponse;
  if ('schema' in candidate || 'contentType' in candidate || 'status' in candidate) return candidate;
  return { schema: response as JsonSchema };
}

export function schemaOrRef(schema: JsonSchema | NamedSchema): JsonSchema {
  return isNamedSchema(schema) ? ref(schema) : schema;
}

function errorResponse(status: number, codes: string[]): ResponseObject {
  return {
    description: codes.join(', '),
    headers: { 'Request-ID': { $ref: '#/components/headers/Request-ID' } },
    content: {
      [JSON_TYPE]: {
        // No `type` on the second part: it only narrows `error_code` of the shared body.
        schema: {
          allOf: [
            { $ref: `${COMPONENT_SCHEMA_PREFIX}Error` },
            { properties: { error_code: { type: 'string', enum: codes } } },
          ],
        },
        examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])) as never,
      },
    },
  };
}

/** One example per error code the document names, kept once under `components.examples`. */
export function errorExamples(
  document: OpenApiDocument,
): Record<string, { summary: string; value: Record<string, unknown> }> {
  const codes = new Set<string>();
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        for (const name of Object.keys(response.content?.[JSON_TYPE]?.examples ?? {})) codes.add(name);
      }
    }
  }
  return Object.fromEntries([...codes].sort().map((code) => [code, { summary: code, value: errorExample(code) }]));
}

function errorExample(code: string): Record<string, unknown> {
  const message = EDGE_ERROR_MESSAGES[code] ?? `Explains why the request was refused with ${code}`;
  if (code !== 'API_VALIDATION_ERROR') return { error_code: code, message };
  return {
    error_code: code,
    message,
    errors: [{ field: ['amount'], location: 'body', messages: [message], types: ['isMoneyAmount'] }],
  };
}

const RATE_LIMIT_HEADER_REFS = {
  'Rate-Limit-Limit': { $ref: '#/components/headers/Rate-Limit-Limit' },
  'Rate-Limit-Remaining': { $ref: '#/components/headers/Rate-Limit-Remaining' },
  'Rate-Limit-Reset': { $ref: '#/components/headers/Rate-Limit-Reset' },
};

export const RESPONSE_HEADERS = {
  'Request-ID': {
    description:
      'Identifies the request in our logs and in the event metadata (`correlationId`); quote it when asking for help',
    schema: { type: 'string' },
  },
  'Rate-Limit-Limit': {
    description: 'Requests allowed per window for this account, endpoint and mode',
    schema: { type: 'integer' },
  },
  'Rate-Limit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'Rate-Limit-Reset': { description: 'Seconds until the window frees requests again', schema: { type: 'integer' } },
};

/** The schemas the document refers to: request DTOs, named response schemas, and the ones they name. */
