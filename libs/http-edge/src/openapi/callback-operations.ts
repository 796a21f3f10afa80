import type { JsonSchema, NamedSchema } from './json-schema';
import { JSON_TYPE, type Operation, type Parameter } from './openapi-types';
import { schemaOrRef } from './operation-responses';

/** A callback kind as an OpenAPI `webhooks` entry: the POST the gateway sends, its headers and body. */
export function callbackOperation(
  kind: string,
  tag: string,
  summary: string,
  description: string,
  body: JsonSchema | NamedSchema,
): Operation {
  return {
    operationId: `${kind.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())}Callback`,
    tags: [tag],
    summary,
    description:
      `${description}\n\nSent as \`POST\` to the URL set for \`${kind}\` (\`POST ` +
      `/callback_urls/${kind}\`). Any 2xx within 30 seconds acknowledges it; ` +
      `anything else is retried (docs: callbacks). De-duplicate on \`webhook-id\`.`,
    security: [],
    parameters: CALLBACK_HEADERS,
    requestBody: { required: true, content: { [JSON_TYPE]: { schema: schemaOrRef(body) } } },
    responses: {
      '200': { description: 'Any 2xx acknowledges the callback' },
      '410': { description: 'Gone: disables the URL for this kind until it is set again' },
    },
  };
}

const CALLBACK_HEADERS: Parameter[] = [
  {
    name: 'x-callback-token',
    in: 'header',
    required: true,
    description: "The business's callback token for this mode (GET /settings): compare it in constant time",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The same on every retry and resend of this callback: de-duplicate on it',
    schema: { type: 'string', pattern: '^msg_' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Seconds since the epoch when this attempt was signed',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks v1: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the signing secret of the ' +
      'kind (GET /callback_urls/{type})',
    schema: { type: 'string', pattern: '^v1,' },
  },
];
