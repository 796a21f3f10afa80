import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { InterceptorsConsumer } from '@nestjs/core/interceptors';
import type { Request } from 'express';
import { isObservable, lastValueFrom, map } from 'rxjs';
import { installSkippableInterceptors, type SkippableInterceptor } from './skippable-interceptors';

/** Records each call and appends its name to what the handler answered, so a skipped one is visible. */
function tagging(name: string, skips?: (request: Request) => boolean) {
  const intercepted: string[] = [];
  const interceptor: NestInterceptor & Partial<SkippableInterceptor> = {
    intercept(_context: ExecutionContext, next: CallHandler) {
      intercepted.push(name);
      return next.handle().pipe(map((value) => `${String(value)}+${name}`));
    },
  };
  if (skips) interceptor.skips = skips;
  return { interceptor, intercepted };
}

const keyed = { headers: { 'x-idempotency-key': 'k' } } as unknown as Request;
const unkeyed = { headers: {} } as unknown as Request;
const skipsUnkeyed = (request: Request) => request.headers['x-idempotency-key'] === undefined;

/** What a route with these interceptors answers, the way Nest's router resolves it (an Observable's last value). */
async function answer(interceptors: NestInterceptor[], request: Request, type = 'http'): Promise<unknown> {
  const consumer = new InterceptorsConsumer();
  const handler = () => Promise.resolve('handler');
  const result = await consumer.intercept(interceptors, [request, {}, () => {}], {}, handler, handler, type);
  return isObservable(result) ? lastValueFrom(result) : result;
}

describe('installSkippableInterceptors', () => {
  beforeAll(() => installSkippableInterceptors());

  it('runs the handler alone when every interceptor skips the request, and the whole chain otherwise', async () => {
    const idempotency = tagging('idempotency', skipsUnkeyed);
    expect(await answer([idempotency.interceptor], unkeyed)).toBe('handler');
    expect(idempotency.intercepted).toEqual([]);
    expect(await answer([idempotency.interceptor], keyed)).toBe('handler+idempotency');
    expect(idempotency.intercepted).toEqual(['idempotency']);
  });

  it('keeps the chain when one interceptor cannot skip (an upload parser beside idempotency)', async () => {
    const idempotency = tagging('idempotency', skipsUnkeyed);
    const upload = tagging('upload');
    expect(await answer([idempotency.interceptor, upload.interceptor], unkeyed)).toBe('handler+upload+idempotency');
    expect([idempotency.intercepted, upload.intercepted]).toEqual([['idempotency'], ['upload']]);
  });

  it('leaves other contexts (RPC, websockets) and routes without interceptors as Nest runs them', async () => {
    const idempotency = tagging('idempotency', skipsUnkeyed);
    expect(await answer([idempotency.interceptor], unkeyed, 'rpc')).toBe('handler+idempotency');
    expect(await answer([], unkeyed)).toBe('handler');
  });

  it('installs once, however many apps start in the process', async () => {
    const installed = InterceptorsConsumer.prototype.intercept;
    installSkippableInterceptors();
    expect(InterceptorsConsumer.prototype.intercept).toBe(installed);
  });
});
