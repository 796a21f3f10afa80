import { type CallHandler, type ExecutionContext, RequestMethod, SetMetadata } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { Express, Request } from 'express';
import type { Observable } from 'rxjs';
import type { SkippableInterceptor } from '../skippable-interceptors';
import type { IdempotencyInterceptor } from './idempotency.interceptor';

const APP_IDEMPOTENCY = Symbol('gateway:idempotency-interceptor');
const AFTER_ROUTE_INTERCEPTORS = 'gateway:idempotency-after-route-interceptors';

/**
 * For a route whose body is parsed by its own interceptor (a multipart upload): idempotency runs
 * after the route's interceptors instead of before them, so the parsed form fields and the
 * uploaded files' bytes are part of the request's fingerprint (issue 19, item 16). Refusals of
 * that parsing (413, a malformed body) are then not recorded for the key, like the body parser's
 * refusals of a JSON body: the request never began execution.
 */
export const IdempotencyAfterBodyParsing = () => SetMetadata(AFTER_ROUTE_INTERCEPTORS, true);
const MUTATING = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PATCH, RequestMethod.ALL]);

/**
 * Bound to every POST and PATCH handler instead of registered globally: a global Nest
 * interceptor wraps EVERY request in an rxjs pipeline, which cost a GET through the edge about a
 * fifth of its throughput. Route metadata is shared by every app in the process (tests start
 * several), so the bound object only delegates to the interceptor of the app serving the request.
 */
export const idempotencyRouteInterceptor: SkippableInterceptor = {
  skips(request: Request): boolean {
    return interceptorServing(request)?.skips(request) ?? true;
  },
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const interceptor = interceptorServing(context.switchToHttp().getRequest<Request>());
    return interceptor ? interceptor.intercept(context, next) : next.handle();
  },
};

function interceptorServing(request: Request): IdempotencyInterceptor | undefined {
  return (request.app?.locals as { [APP_IDEMPOTENCY]?: IdempotencyInterceptor } | undefined)?.[APP_IDEMPOTENCY];
}

/** Adds the route interceptor to every mutating handler of every controller (before routes are built). */
export function bindIdempotencyToMutatingRoutes(discovery: DiscoveryService, scanner: MetadataScanner): number {
  let bound = 0;
  for (const wrapper of discovery.getControllers()) {
    const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
    if (!prototype) continue;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name];
      if (
        typeof handler !== 'function' ||
        !MUTATING.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod)
      )
        continue;
      const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (!interceptors.includes(idempotencyRouteInterceptor)) {
        const after = Reflect.getMetadata(AFTER_ROUTE_INTERCEPTORS, handler) === true;
        Reflect.defineMetadata(
          INTERCEPTORS_METADATA,
          after ? [...interceptors, idempotencyRouteInterceptor] : [idempotencyRouteInterceptor, ...interceptors],
          handler,
        );
      }
      bound++;
    }
  }
  return bound;
}

/** Tells the bound route interceptor which interceptor serves this Express app's requests. */
export function attachIdempotencyInterceptor(app: Express, interceptor: IdempotencyInterceptor): void {
  (app.locals as { [APP_IDEMPOTENCY]?: IdempotencyInterceptor })[APP_IDEMPOTENCY] = interceptor;
}
