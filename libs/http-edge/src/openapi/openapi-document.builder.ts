import type { INestApplication } from '@nestjs/common';
import { describeRequirement } from '../route-metadata';
import { versionsOf } from '../versioning/api-version.registry';
import type { ApiDocOptions } from './api-doc.decorator';
import { API_INTRODUCTION } from './api-introduction';
import { callbackOperation } from './callback-operations';
import { documentedCallbacks } from './callback-docs';
import { collectComponents, sortedByKey } from './document-components';
import type { JsonSchema } from './json-schema';
import {
  type OpenApiDocument,
  type Operation,
  PERMISSIONS_EXTENSION,
  PUBLIC_KEY_SCHEME,
  SECRET_KEY_SCHEME,
  UNDOCUMENTED_EXTENSION,
} from './openapi-types';
import { parametersOf } from './operation-parameters';
import { requestBodyOf } from './operation-request-body';
import { errorExamples, RESPONSE_HEADERS, responsesOf } from './operation-responses';
import { type InventoriedRoute, inventoryRoutes } from './route-inventory';

export {
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type ResponseObject,
  PERMISSIONS_EXTENSION,
  PUBLIC_KEY_SCHEME,
  SECRET_KEY_SCHEME,
  UNDOCUMENTED_EXTENSION,
} from './openapi-types';

/**
 * The OpenAPI 3.1 document of the app, built from the code: routes and their guard metadata
 * (permissions, public key, versions, idempotency), request DTOs' validation rules, the `@ApiDoc`
 * of each operation (summary, answer, its own errors), the edge's errors, and the callbacks
 * contexts document. Page routes (`@NoAuth()` without `@ApiDoc`) are not API operations.
 */
export function buildOpenApiDocument(app: INestApplication): OpenApiDocument {
  const requestComponents: Record<string, JsonSchema> = {};
  const tags = new Map<string, string | undefined>();
  const paths: OpenApiDocument['paths'] = {};
  const seenOperationIds = new Set<string>();

  for (const route of inventoryRoutes(app)) {
    if (route.noAuth && !route.doc) continue; // a page (dashboard, payer pages, cards.js)
    const operation = operationOf(route, requestComponents);
    while (seenOperationIds.has(operation.operationId)) operation.operationId = `${operation.operationId}_`;
    seenOperationIds.add(operation.operationId);
    const tag = route.tag ?? 'Other';
    if (!tags.has(tag) || route.tagDescription) tags.set(tag, route.tagDescription ?? tags.get(tag));
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }

  const webhooks: OpenApiDocument['webhooks'] = {};
  for (const callback of documentedCallbacks()) {
    if (!tags.has(callback.tag)) tags.set(callback.tag, undefined);
    webhooks[callback.kind] = {
      post: callbackOperation(callback.kind, callback.tag, callback.summary, callback.description, callback.body),
    };
  }

  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Payment gateway API',
      version: '1.0.0',
      summary:
        'Invoices, virtual accounts, retail payment codes, eWallets, cards, recurring payments, ' +
        'disbursements and the platform around them.',
      description: API_INTRODUCTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This gateway (test or live mode is chosen by the API key)' }],
    security: [{ [SECRET_KEY_SCHEME]: [] }],
    tags: [...tags.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, description]) => ({ name, description: description ?? name })),
    paths: sortedByKey(paths),
    webhooks,
    components: {
      schemas: {},
      securitySchemes: {
        [SECRET_KEY_SCHEME]: {
          type: 'http',
          scheme: 'basic',
          description:
            'The secret API key as the user name and an empty password. The key decides the business, ' +
            'the mode (test or live) and the permissions.',
        },
        [PUBLIC_KEY_SCHEME]: {
          type: 'http',
          scheme: 'basic',
          description:
            'The public API key as the user name and an empty password: only card tokenization and authentication ' +
            "accept it (cards.js in the payer's browser).",
        },
      },
      headers: RESPONSE_HEADERS,
    },
  };
  document.components.schemas = collectComponents(document, requestComponents);
  document.components.examples = errorExamples(document);
  return document;
}

function operationOf(route: InventoriedRoute, requestComponents: Record<string, JsonSchema>): Operation {
  const doc = route.doc;
  const operation: Operation = {
    operationId: doc?.operationId ?? defaultOperationId(route),
    responses: {},
  };
  if (route.tag) operation.tags = [route.tag];
  if (doc) {
    operation.summary = doc.summary;
    operation.description = descriptionOf(route, doc);
  } else {
    operation[UNDOCUMENTED_EXTENSION] = true;
  }
  operation.security = route.noAuth
    ? []
    : route.publicKeyAllowed
      ? [{ [PUBLIC_KEY_SCHEME]: [] }, { [SECRET_KEY_SCHEME]: [] }]
      : [{ [SECRET_KEY_SCHEME]: [] }];
  if (!route.noAuth)
    operation[PERMISSIONS_EXTENSION] = (route.permissions ?? []).map((requirement) =>
      typeof requirement === 'string' ? requirement : [...requirement],
    );
  if (doc?.testModeOnly) operation['x-test-mode-only'] = true;

  const parameters = parametersOf(route, requestComponents);
  if (parameters.length > 0) operation.parameters = parameters;

  const body = requestBodyOf(route, requestComponents);
  if (body) operation.requestBody = body;

  operation.responses = responsesOf(route);
  return operation;
}

/** `InvoicesController.create` → `invoicesCreate`: stable, readable names for generated clients. */
function defaultOperationId(route: InventoriedRoute): string {
  const base = route.controller.name.replace(/Controller$/, '');
  return (
    `${base.charAt(0).toLowerCase()}${base.slice(1)}${route.handlerName.charAt(0).toUpperCase()}` +
    `${route.handlerName.slice(1)}`
  );
}

function descriptionOf(route: InventoriedRoute, doc: ApiDocOptions): string {
  const lines = [doc.description ?? doc.summary];
  if (route.noAuth) lines.push('**Authentication:** none.');
  else {
    const needs = (route.permissions ?? [])
      .map((requirement) => `\`${describeRequirement(requirement)}\``)
      .join(' and ');
    lines.push(
      route.publicKeyAllowed
        ? `**Authentication:** the public key${needs ? `, or a secret key with ${needs}` : ' or a secret key'}.`
        : `**Permission:** ${needs || 'none beyond a valid secret key'}.`,
    );
  }
  if (doc.testModeOnly) lines.push('**Test mode only:** a live-mode key is refused.');
  if (route.versionedResource) {
    const versions = versionsOf(route.versionedResource);
    if (versions) {
      lines.push(
        `**Versions** (\`API-Version\`): ${versions.versions.map((v) => `\`${v}\``).join(', ')}. Without the ` +
          `header, the account's default for the key's mode applies, else \`${versions.fallback}\`.`,
      );
    }
  }
  if (route.idempotency?.reuse === 'replay')
    lines.push(
      '**Idempotent** with `x-idempotency-key`: a retry with the same key and body gets the first answer again ' +
        '(`Idempotent-Replayed: true`).',
    );
  if (route.idempotency?.reuse === 'reject')
    lines.push(
      `**Idempotency:** any reuse of an \`x-idempotency-key\` is refused with \`${route.idempotency.errorCode}\`, ` +
        `which identifies what the first request made.`,
    );
  return lines.join('\n\n');
}
