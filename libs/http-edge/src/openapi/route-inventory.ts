import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import {
  DEFAULT_IDEMPOTENCY_POLICY,
  IDEMPOTENCY_POLICY,
  type IdempotencyPolicyOptions,
} from '../idempotency/idempotency-policy.decorator';
import {
  type PermissionRequirement,
  ROUTE_NO_AUTH,
  ROUTE_PERMISSIONS,
  ROUTE_PUBLIC_KEY_ALLOWED,
} from '../route-metadata';
import { ROUTE_VERSIONED_RESOURCE } from '../versioning/versioned-resource.decorator';
import { API_DOC, API_TAG, type ApiDocOptions } from './api-doc.decorator';

/** Nest's `RouteParamtypes` values for the arguments the document describes. */
const BODY = 3;
const QUERY = 4;
const PARAM = 5;

/** A route argument the document describes: `@Body()`, `@Query()`, `@Param()`, with its DTO. */
export interface RouteArgument {
  /** A named argument (`@Param('id')`) is one value; otherwise the DTO's fields are. */
  name?: string;
  /** The DTO class, when the argument is validated against one. */
  dto?: Type;
}

/** A Nest route with everything the document reads from its metadata. */
export interface InventoriedRoute {
  controller: Type;
  handlerName: string;
  method: string;
  /** OpenAPI form: `/invoices/{id}/expire!`. */
  path: string;
  status: number;
  noAuth: boolean;
  publicKeyAllowed: boolean;
  permissions?: PermissionRequirement[];
  versionedResource?: string;
  /** The policy of a route that honours `x-idempotency-key` (authenticated POST and PATCH). */
  idempotency?: IdempotencyPolicyOptions;
  tag?: string;
  tagDescription?: string;
  doc?: ApiDocOptions;
  body?: RouteArgument;
  query: RouteArgument[];
  params: RouteArgument[];
}

const KEYED_METHODS = new Set(['POST', 'PATCH']);

/** Every route of every controller of the app, with its documentation and guard metadata. */
export function inventoryRoutes(app: INestApplication): InventoriedRoute[] {
  const controllers = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values())
      if (typeof metatype === 'function') controllers.add(metatype as Type);
  }
  const scanner = new MetadataScanner();
  const routes: InventoriedRoute[] = [];
  for (const controller of controllers) {
    const prototype = controller.prototype as Record<string, unknown>;
    const tagMeta = Reflect.getMetadata(API_TAG, controller) as { name: string; description?: string } | undefined;
    for (const handlerName of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[handlerName];
      if (typeof handler !== 'function') continue;
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (methodPaths === undefined) continue;
      const read = <T>(key: string): T | undefined =>
        (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller)) as T | undefined;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const noAuth = read<boolean>(ROUTE_NO_AUTH) === true;
      const args = routeArguments(controller, handlerName);
      for (const controllerPath of asArray(
        Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined,
      )) {
        for (const methodPath of asArray(methodPaths)) {
          routes.push({
            controller,
            handlerName,
            method,
            path: openApiPath(controllerPath, methodPath),
            status:
              (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
              (method === 'POST' ? 201 : 200),
            noAuth,
            publicKeyAllowed: read<boolean>(ROUTE_PUBLIC_KEY_ALLOWED) === true,
            permissions: read<PermissionRequirement[]>(ROUTE_PERMISSIONS),
            versionedResource: read<string>(ROUTE_VERSIONED_RESOURCE),
            idempotency:
              !noAuth && KEYED_METHODS.has(method)
                ? (read<IdempotencyPolicyOptions>(IDEMPOTENCY_POLICY) ?? DEFAULT_IDEMPOTENCY_POLICY)
                : undefined,
            tag: tagMeta?.name,
            tagDescription: tagMeta?.description,
            doc: Reflect.getMetadata(API_DOC, handler) as ApiDocOptions | undefined,
            ...args,
          });
        }
      }
    }
  }
  return routes;
}

function routeArguments(controller: Type, handlerName: string): Pick<InventoriedRoute, 'body' | 'query' | 'params'> {
  const declared = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const prototype = controller.prototype as object;
  const types = (Reflect.getMetadata('design:paramtypes', prototype, handlerName) ?? []) as unknown[];
  const result: Pick<InventoriedRoute, 'body' | 'query' | 'params'> = { query: [], params: [] };
  for (const [key, { index, data }] of Object.entries(declared)) {
    const kind = Number(key.split(':')[0]);
    const type = types[index];
    const argument: RouteArgument = {
      ...(typeof data === 'string' && data !== '' && { name: data }),
      ...(isDto(type) && { dto: type }),
    };
    if (kind === BODY) result.body = argument;
    else if (kind === QUERY) result.query.push(argument);
    else if (kind === PARAM) result.params.push(argument);
  }
  return result;
}

/** A class the validation pipe validates (not `Object` for `unknown`, nor a primitive). */
function isDto(type: unknown): type is Type {
  return typeof type === 'function' && ![Object, String, Number, Boolean, Array].includes(type as never);
}

function asArray(value: string | string[] | undefined): string[] {
  return value === undefined ? ['/'] : Array.isArray(value) ? value : [value];
}

/** Express's `invoices/:id/expire\!` as OpenAPI's `/invoices/{id}/expire!`. */
export function openApiPath(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`.replace(/\\(.)/g, '$1').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
