import { type Caller, gatewayState, type RequestContext } from '@gateway/platform';
import type { Request } from 'express';

export function requestContextOf(request: Request, caller: Caller): RequestContext {
  return {
    requestId: gatewayState(request).requestId,
    actor: caller.key.keyId,
    businessId: caller.businessId,
    mode: caller.mode,
    apiVersion: gatewayState(request).apiVersion,
  };
}
