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

/** Where the payer's browser reaches this gateway (honours X-Forwarded-Proto from trusted proxies). */
export function payerPageUrl(request: Request, path: string): string {
  return `${request.protocol}://${request.get('host') ?? 'localhost'}${path}`;
}
