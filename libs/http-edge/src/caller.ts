import type { Request } from 'express';
import type { Mode } from '@gateway/clock';
import type { Permission } from './permissions';

/** The API key a request authenticated with. */
export interface ApiKeyPrincipal {
  keyId: string;
  /** The business that owns the key. */
  businessId: string;
  /** The key decides the mode (spec: Authentication item 3). */
  mode: Mode;
  kind: 'secret' | 'public';
  permissions: readonly Permission[];
}

/** Who a request acts for, once authenticated (and after `for-user-id`). */
export interface Caller {
  key: ApiKeyPrincipal;
  /** The business whose data the request reads and writes: the key's, or the sub-account named by `for-user-id`. */
  businessId: string;
  mode: Mode;
  /** Set when a platform business acts for one of its sub-accounts. */
  onBehalfOf?: { platformBusinessId: string };
}

/** What the edge attaches to every Express request. */
export interface GatewayRequestState {
  /** Also sent back as the `Request-ID` header and written to the logs. */
  requestId: string;
  caller?: Caller;
  /** The dated API version in force for this request, when the route's resource declares versions. */
  apiVersion?: string;
}

export type GatewayRequest = Request & { gateway: GatewayRequestState };

export function gatewayState(request: Request): GatewayRequestState {
  const withState = request as Partial<GatewayRequest>;
  withState.gateway ??= { requestId: '' };
  return withState.gateway;
}
