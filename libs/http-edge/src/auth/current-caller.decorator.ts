import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { type Caller, gatewayState } from '../caller';
import { invalidApiKey } from './auth-errors';

/** The authenticated caller of the request (routes behind ApiKeyGuard always have one). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = gatewayState(context.switchToHttp().getRequest<Request>()).caller;
  if (!caller) throw invalidApiKey();
  return caller;
});
