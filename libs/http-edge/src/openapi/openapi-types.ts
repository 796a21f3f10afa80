import type { JsonSchema } from './json-schema';

export const SECRET_KEY_SCHEME = 'secretKey';
export const PUBLIC_KEY_SCHEME = 'publicKey';
export const JSON_TYPE = 'application/json';

/** Operation fields beyond OpenAPI's, for tools and tests. */
export const PERMISSIONS_EXTENSION = 'x-permissions';
export const UNDOCUMENTED_EXTENSION = 'x-undocumented';

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

export type Operation = Record<string, unknown> & {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, ResponseObject>;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
  style?: string;
  explode?: boolean;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: JsonSchema; examples?: Record<string, { summary?: string; value: unknown }> }>;
}
