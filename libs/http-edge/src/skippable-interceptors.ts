import type { NestInterceptor } from '@nestjs/common';
import { InterceptorsConsumer } from '@nestjs/core/interceptors';
import type { Request } from 'express';

/**
 * An interceptor that can tell from the request alone, before any chain is built, that it would
 * do nothing but call `next.handle()`. Idempotency is the case: bound to every POST and PATCH,
 * it acts only on requests that carry a key, and most do not.
 */
export interface SkippableInterceptor extends NestInterceptor {
  /** True only when `intercept` would pass this request straight on; false when unsure. */
  skips(request: Request): boolean;
}

function isSkippable(interceptor: unknown): interceptor is SkippableInterceptor {
  return typeof (interceptor as Partial<SkippableInterceptor>).skips === 'function';
}

type Intercept = InterceptorsConsumer['intercept'];
const INSTALLED = Symbol.for('gateway:skippable-interceptors');

/**
 * Lets an HTTP request whose every interceptor skips it run its handler as Nest runs a route that
 * has no interceptors: the handler's promise, no rxjs pipeline. Nest builds that pipeline per
 * request whenever a route has any interceptor (deferred observables, `AsyncResource.bind` with its
 * deprecation getters, a `ReplaySubject`, `takeUntil` on client disconnect), and for an unkeyed
 * card charge it cost more than a sixth of the gateway's CPU (docs/benchmarks.md, "Eighth cut").
 * The answer is the same: Nest's own branch for an empty interceptor list is `return next()`.
 *
 * Nest has no public hook for this, so the one method is wrapped on its class, once per process,
 * whatever the number of apps; a spec checks that the wrapping still takes (a Nest upgrade that
 * renames or moves the method fails it).
 */
export function installSkippableInterceptors(): void {
  const prototype = InterceptorsConsumer.prototype as InterceptorsConsumer & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  // Called below with the consumer as `this`, as Nest calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const chain: Intercept = prototype.intercept;
  prototype.intercept = async function interceptUnlessSkipped(
    this: InterceptorsConsumer,
    ...call: Parameters<Intercept>
  ): Promise<unknown> {
    const [interceptors, args, , , next, type] = call;
    if (type === 'http' && interceptors.length > 0 && everySkips(interceptors, args[0] as Request)) return next();
    return chain.apply(this, call);
  };
  prototype[INSTALLED] = true;
}

function everySkips(interceptors: readonly NestInterceptor[], request: Request): boolean {
  for (const interceptor of interceptors) if (!isSkippable(interceptor) || !interceptor.skips(request)) return false;
  return true;
}
