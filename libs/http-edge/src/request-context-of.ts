import type { Request } from 'express';
import type { RequestContext } from '@gateway/runtime';
import { type Caller, gatewayState } from './caller';

/**
 * The context of an authenticated API request, for the commands it sends: the request id becomes
 * every event's correlation id, the key its actor, and the dated API version in force (when the
 * resource declares versions) is recorded with them (design §3). The one copy every controller uses.
 */
export function requestContextOf(request: Request, caller: Caller): RequestContext {
  const state = gatewayState(request);
  return {
    requestId: state.requestId,
    actor: caller.key.keyId,
    businessId: caller.businessId,
    mode: caller.mode,
    apiVersion: state.apiVersion,
  };
}
