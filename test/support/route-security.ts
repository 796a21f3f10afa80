import {
  type PermissionRequirement,
  ROUTE_NO_AUTH,
  ROUTE_PERMISSIONS,
  ROUTE_PUBLIC_KEY_ALLOWED,
} from '@gateway/http-edge';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { registeredRoutes } from './registered-routes';

/** How the API-key guard treats a route, read from the same decorators it reads. */
export type RouteAccess =
  | { kind: 'edge' }
  | { kind: 'no-auth' }
  | { kind: 'public-key' }
  /** Each requirement is one permission, or a group of which any one grants the route. */
  | { kind: 'secret-key'; permissions: PermissionRequirement[] }
  | { kind: 'undeclared' };

export interface SecuredRoute {
  method: string;
  path: string;
  /** `GET /customers/:id`: the key the matrix's tables use. */
  name: string;
  access: RouteAccess;
  params: string[];
}

/**
 * Every route Express serves (as the fuzz test enumerates them), joined with the Nest handler
 * that serves it, so a route added tomorrow appears here with its guard metadata and no edit.
 * Routes Express serves without a Nest handler (Swagger UI, CORS preflight) are `edge`.
 */
export function securedRoutes(app: INestApplication): SecuredRoute[] {
  const handlers = new Map<string, RouteAccess>();
  const scanner = new MetadataScanner();
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype;
    if (!wrapper.instance || !controller) continue;
    const prototype = Object.getPrototypeOf(wrapper.instance);
    const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, controller));
    for (const methodName of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[methodName];
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler);
      if (methodPaths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const read = <T>(key: string) =>
        (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller)) as T | undefined;
      const access: RouteAccess = read<boolean>(ROUTE_NO_AUTH)
        ? { kind: 'no-auth' }
        : read<boolean>(ROUTE_PUBLIC_KEY_ALLOWED)
          ? { kind: 'public-key' }
          : read<PermissionRequirement[]>(ROUTE_PERMISSIONS)
            ? { kind: 'secret-key', permissions: read<PermissionRequirement[]>(ROUTE_PERMISSIONS)! }
            : { kind: 'undeclared' };
      for (const controllerPath of controllerPaths) {
        for (const methodPath of asArray(methodPaths))
          handlers.set(`${method} ${joinPath(controllerPath, methodPath)}`, access);
      }
    }
  }
  return registeredRoutes(app).map(({ method, path }) => {
    const name = `${method} ${path}`;
    return {
      method,
      path,
      name,
      access: handlers.get(name) ?? { kind: 'edge' },
      params: [...path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((match) => match[1]),
    };
  });
}

function asArray(value: string | string[] | undefined): string[] {
  return value === undefined ? ['/'] : Array.isArray(value) ? value : [value];
}

function joinPath(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}
