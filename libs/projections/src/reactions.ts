import type { CommandMetadata, RecordedEvent } from '@gateway/event-store';

/**
 * Starts a batch's reactions together, in log order, and fails the batch (so the runner applies
 * it again) if any failed. For process managers whose reactions do not depend on each other's
 * outcome: writers that queue per stream (BalanceWriter, the store's append combiner) then commit
 * a burst in a few round trips. Every reaction is settled before the batch fails, so a retried
 * batch never runs beside the reactions of this one.
 */
export async function reactToAll(
  events: RecordedEvent[],
  react: (recorded: RecordedEvent) => Promise<void>,
): Promise<void> {
  const outcomes = await Promise.allSettled(events.map(react));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Metadata of an append made by a process in reaction to an event of one business and mode. */
export type ReactionMetadata = CommandMetadata & { businessId: string; mode: 'test' | 'live' };

/**
 * What a process appends in reaction to `recorded` carries: the business, mode, correlation and
 * API version of the request behind it, caused by it, at the instant it happened (a replay months
 * later writes the same). Undefined for an event of no business and mode: nothing to react for.
 */
export function reactionMetadata(recorded: RecordedEvent, actor: string): ReactionMetadata | undefined {
  const { businessId, mode, correlationId, occurredAt, apiVersion } = recorded.metadata;
  if (!businessId || (mode !== 'test' && mode !== 'live')) return undefined;
  return {
    correlationId,
    causationId: recorded.id,
    actor,
    occurredAt: new Date(occurredAt),
    businessId,
    mode,
    ...(apiVersion !== undefined && { apiVersion }),
  };
}
