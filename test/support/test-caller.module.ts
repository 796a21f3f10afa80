import { type Mode } from '@gateway/clock';
import { PERMISSIONS } from '@gateway/domain';
import { type Caller, gatewayState } from '@gateway/http-edge';
import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

export const TEST_BUSINESS_HEADER = 'x-test-business';
export const TEST_MODE_HEADER = 'x-test-mode';

/**
 * TEST ONLY: authenticates a request from plain headers instead of an API key, so edge
 * features that need a caller can be tested apart from the real auth guard. `x-test-business`
 * names the key's business, `x-test-mode` its mode (default test), and `for-user-id` acts for a
 * sub-account as the real guard would. Requests without `x-test-business` stay anonymous.
 */
export function testCallerMiddleware(request: Request, _response: Response, next: NextFunction): void {
  const businessId = request.headers[TEST_BUSINESS_HEADER];
  if (typeof businessId === 'string' && businessId) {
    const mode: Mode = request.headers[TEST_MODE_HEADER] === 'live' ? 'live' : 'test';
    const key = {
      keyId: `key_${businessId}_${mode}`,
      businessId,
      mode,
      kind: 'secret' as const,
      permissions: [...PERMISSIONS],
    };
    const forUserId = request.headers['for-user-id'];
    const caller: Caller =
      typeof forUserId === 'string' && forUserId && forUserId !== businessId
        ? { key, businessId: forUserId, mode, onBehalfOf: { platformBusinessId: businessId } }
        : { key, businessId, mode };
    gatewayState(request).caller = caller;
  }
  next();
}

/** Applies testCallerMiddleware to every route (it does nothing without `x-test-business`). */
@Module({})
export class TestCallerModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(testCallerMiddleware).forRoutes('{*splat}');
  }
}
