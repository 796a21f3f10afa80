import { SetMetadata, type Type } from '@nestjs/common';
import type { JsonSchema, NamedSchema } from './json-schema';

export const API_TAG = 'gateway:openapi-tag';
export const API_DOC = 'gateway:openapi-operation';

/**
 * An error an operation may answer: its `error_code`, with the status its catalogue declares
 * (`defineErrors`, read from the error registry), or `[code, status]` where the route answers
 * the code with its own status (eWallets answer validation with 422, for instance).
 */
export type DocumentedError = string | readonly [code: string, status: number];

/** The 2xx answer of an operation. */
export interface DocumentedResponse {
  /** Defaults to the route's `@HttpCode` (200 for every route of this API). */
  status?: number;
  description?: string;
  /** A schema, or a named one (kept once under components). Omit only with `contentType` of a file. */
  schema?: JsonSchema | NamedSchema;
  /** `application/json` unless the route streams a file (`text/csv`, `application/octet-stream`). */
  contentType?: string;
}

/** A request body chosen at run time (a version, a discriminating field): each choice with its DTO. */
export interface RequestBodyChoices {
  /** By `API-Version` (customers): each version's DTO. */
  byVersion?: Readonly<Record<string, Type>>;
  /** By a field of the body (`ewallet_type`): each value's DTO. */
  byField?: { field: string; dtos: Readonly<Record<string, Type>> };
}

export interface ApiDocOptions {
  /** One line, imperative: "Create an invoice". */
  summary: string;
  /** What it does, the rules a caller needs, and what the spec leaves to us (Markdown). */
  description?: string;
  /** Stable name for generated clients (`createInvoice`); defaults to the handler's class and method. */
  operationId?: string;
  /** The 2xx answer (a schema or named schema is the 200 JSON answer). */
  response: DocumentedResponse | JsonSchema | NamedSchema;
  /** A body the route validates itself (its `@Body()` is `unknown`). */
  body?: RequestBodyChoices;
  /**
   * The response per API version, for versioned resources whose shape depends on it. Each
   * version's shape is shown; `response` is the version-independent description.
   */
  responseByVersion?: Readonly<Record<string, JsonSchema | NamedSchema>>;
  /**
   * The `error_code`s of the operation's own rules (not found, state conflicts, ...). The edge's
   * errors (authentication, permissions, validation, idempotency, versions, rate limits, server)
   * are added from the route's metadata.
   */
  errors?: readonly DocumentedError[];
  /** The body is multipart/form-data: the DTO's fields plus a file under this field name. */
  multipartFile?: string;
  /** Test mode only (simulations, top-ups): said in the description and as `x-test-mode-only`. */
  testModeOnly?: boolean;
}

/**
 * The product area of a controller's operations (an OpenAPI tag). Several controllers share a
 * tag; one of them describes it.
 */
export const ApiTag = (name: string, description?: string) => SetMetadata(API_TAG, { name, description });

/** Documents an operation: summary, description, answer and the errors of its own rules. */
export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC, options);
