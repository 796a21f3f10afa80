import { IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotency-key';
import { versionsOf } from '../versioning/api-version.registry';
import type { JsonSchema } from './json-schema';
import type { Parameter } from './openapi-types';
import { requestSchemasOf } from './request-schemas';
import type { InventoriedRoute } from './route-inventory';

/** The path, query and header parameters of a route: from its `@Param()`/`@Query()` DTOs and its traits. */
export function parametersOf(route: InventoriedRoute, requestComponents: Record<string, JsonSchema>): Parameter[] {
  return [
    ...pathParameters(route, requestComponents),
    ...queryParameters(route, requestComponents),
    ...headerParameters(route),
  ];
}

function pathParameters(route: InventoriedRoute, requestComponents: Record<string, JsonSchema>): Parameter[] {
  const names = [...route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]);
  const fromDtos = new Map<string, JsonSchema>();
  for (const argument of route.params) {
    if (!argument.dto) continue;
    const dtoSchema = dtoSchemaOf(argument.dto, requestComponents);
    for (const [name, schema] of Object.entries(dtoSchema.properties ?? {})) fromDtos.set(name, schema);
  }
  return names.map((name) => {
    const { examples, description, ...schema } = fromDtos.get(name) ?? { type: 'string', minLength: 1 };
    return {
      name,
      in: 'path',
      required: true,
      ...(description && { description: String(description) }),
      schema,
      ...(examples?.length && { example: examples[0] }),
    };
  });
}

function queryParameters(route: InventoriedRoute, requestComponents: Record<string, JsonSchema>): Parameter[] {
  const parameters: Parameter[] = [];
  for (const argument of route.query) {
    if (argument.name) {
      parameters.push({ name: argument.name, in: 'query', required: false, schema: { type: 'string' } });
      continue;
    }
    if (!argument.dto) continue;
    const dtoSchema = dtoSchemaOf(argument.dto, requestComponents);
    const required = new Set(dtoSchema.required ?? []);
    for (const [name, property] of Object.entries(dtoSchema.properties ?? {})) {
      const { examples, description, ...schema } = property;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(description && { description: String(description) }),
        schema,
        ...(examples?.length && { example: examples[0] }),
        ...(schema.type === 'array' && { style: 'form', explode: true }),
      });
    }
  }
  return parameters;
}

function headerParameters(route: InventoriedRoute): Parameter[] {
  const headers: Parameter[] = [];
  if (!route.noAuth) {
    headers.push({
      name: 'for-user-id',
      in: 'header',
      required: false,
      description:
        'Platform accounts only: the id of one of your sub-accounts to act on its behalf. Any other business is 403 ' +
        'REQUEST_FORBIDDEN_ERROR.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  const versions = route.versionedResource ? versionsOf(route.versionedResource) : undefined;
  if (versions) {
    const aliases = Object.entries(versions.aliases ?? {});
    const enumOf = { type: 'string', enum: [...versions.versions, ...aliases.map(([alias]) => alias)] };
    const empty = versions.emptyHeader ? ` An empty header selects \`${versions.emptyHeader}\`.` : '';
    const also = aliases.map(([alias, version]) => ` \`${alias}\` is \`${version}\` under another date.`).join('');
    headers.push({
      name: 'API-Version',
      in: 'header',
      required: false,
      description:
        `The dated version of the ${route.versionedResource} resource. Absent: the account's default for ` +
        `the key's mode, else \`${versions.fallback}\`.${empty}${also} Unknown: 400 API_VERSION_NOT_SUPPORTED_ERROR.`,
      schema: enumOf,
    });
    headers.push({
      name: 'X-API-VERSION',
      in: 'header',
      required: false,
      description:
        'The same as `API-Version` (the spelling the eWallet API uses); `API-Version` wins when both are sent.',
      schema: enumOf,
    });
  }
  if (route.idempotency && route.idempotency.reuse !== 'off') {
    headers.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description:
        route.idempotency.reuse === 'reject'
          ? `A key unique to this request (printable ASCII, any length; ` +
            `unique across test and live). Any reuse is refused with ${route.idempotency.errorCode}. Kept at least ` +
            `24 hours.`
          : 'A key unique to this request (printable ASCII, any length; ' +
            'unique across test and live). A retry with the same key and parameters gets the first answer again; ' +
            'other parameters get 400 IDEMPOTENCY_KEY_MISMATCH_ERROR; while the first is in flight, ' +
            '409 IDEMPOTENCY_KEY_IN_PROGRESS_ERROR. Kept at least 24 hours.',
      schema: { type: 'string', minLength: 1, pattern: '^[\\x20-\\x7e]+$' },
    });
  }
  return headers;
}

/** The DTO's schema, converted once per document (its nested DTOs join the components). */
export function dtoSchemaOf(
  dto: InventoriedRoute['controller'],
  requestComponents: Record<string, JsonSchema>,
): JsonSchema {
  if (!requestComponents[dto.name]) Object.assign(requestComponents, requestSchemasOf(dto).components);
  return requestComponents[dto.name];
}
