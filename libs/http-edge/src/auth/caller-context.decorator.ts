import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RequestContext } from '@gateway/runtime';
import { type Caller, gatewayState } from '../caller';
import { requestContextOf } from '../request-context-of';
import { invalidApiKey } from './auth-errors';

/** The context of an authenticated request: its tenancy is always there, the caller's. */
export type CallerRequestContext = RequestContext & Pick<Caller, 'businessId' | 'mode'>;

/**
 * The context of the authenticated request for the commands it sends (`requestContextOf` of the
 * request and its caller): the tenancy (`businessId`, `mode`), the actor, the correlation id and the
 * API version. For handlers that need nothing else of the request or the caller.
 */
export const CallerContext = createParamDecorator((_data: unknown, context: ExecutionContext): CallerRequestContext => {
  const request = context.switchToHttp().getRequest<Request>();
  const caller = gatewayState(request).caller;
  if (!caller) throw invalidApiKey();
  return { ...requestContextOf(request, caller), businessId: caller.businessId, mode: caller.mode };
});
