import type { Mode } from '@gateway/clock';

/** Who is asking: built by the HTTP edge from the request (or by the CLI/worker for their own work). */
export interface RequestContext {
  /** The `Request-ID`; becomes every resulting event's correlation id. */
  requestId: string;
  /** API key id, dashboard user id, or `system:<process>`. */
  actor: string;
  businessId?: string;
  mode?: Mode;
  apiVersion?: string;
  /** Set when the work was caused by an event (process managers). */
  causationId?: string;
}

/** The metadata every event appended on behalf of `context` carries (design §3). */
export function toCommandMetadata(
  context: RequestContext,
  occurredAt: Date,
  overrides: { businessId?: string; mode?: Mode } = {},
) {
  return {
    correlationId: context.requestId,
    actor: context.actor,
    occurredAt,
    businessId: overrides.businessId ?? context.businessId,
    mode: overrides.mode ?? context.mode,
    apiVersion: context.apiVersion,
    causationId: context.causationId,
  };
}

/** Context for work the system does by itself. */
export function systemContext(process: string, requestId: string): RequestContext {
  return { requestId, actor: `system:${process}` };
}
