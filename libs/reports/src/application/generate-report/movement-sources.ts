import { type DisbursementCreated, disbursementStream, nextExecutionTime } from '@gateway/disbursements';
import type { EventStore } from '@gateway/event-store';
import { BALANCE_STREAMS } from '@gateway/ledger';

/** A journal row's money movement, as the reader gives it. */
export interface MovementRef {
  streamName: string;
  movementId: string;
}

/** What a report line says about where its money came from or goes to. */
export interface MovementSource {
  /**
   * The merchant's own id of the resource (`external_id` of the invoice, charge, disbursement, ...); '' when it has
   * none (a test top-up).
   */
  externalId: string;
  /** A payout in flight: when the rail is due to send it (its operating window). */
  transferDueAt?: Date;
}

/** Streams read at once: a page holds up to 2,000 rows, mostly of a few streams. */
const CONCURRENT_READS = 8;

/**
 * The resources behind a page of journal rows, by reading their streams through the event store
 * (issue 19, item 21: a report names the merchant's `external_id`, not a stream name). Money in is
 * journaled from the resource's own stream, whose first event carries the resource with its
 * `externalId`. Money out is journaled from the balance stream (`balance-...`): its movement is a
 * disbursement (`disbursement-<movement id>`), whose first event also says when the rail sends it.
 * A movement with neither (a test top-up, a refund) has no external id.
 */
export async function movementSources(
  store: EventStore,
  refs: readonly MovementRef[],
): Promise<(ref: MovementRef) => MovementSource> {
  const sourceStreams = [...new Set(refs.map(sourceStreamOf))];
  const found = new Map<string, MovementSource>();
  for (let start = 0; start < sourceStreams.length; start += CONCURRENT_READS) {
    await Promise.all(
      sourceStreams.slice(start, start + CONCURRENT_READS).map(async (stream) => {
        const [first] = await store.readStream(stream, { maxCount: 1 });
        found.set(stream, first ? sourceOf(first.type, first.data) : { externalId: '' });
      }),
    );
  }
  return (ref) => found.get(sourceStreamOf(ref)) ?? { externalId: '' };
}

function sourceStreamOf(ref: MovementRef): string {
  // A payout's journal rows name the balance stream; its source is the disbursement.
  return BALANCE_STREAMS.owns(ref.streamName) ? disbursementStream(ref.movementId) : ref.streamName;
}

function sourceOf(type: string, data: unknown): MovementSource {
  if (type === 'DisbursementCreated') {
    const disbursement = data as DisbursementCreated['data'];
    return {
      externalId: disbursement.externalId,
      transferDueAt: nextExecutionTime(new Date(disbursement.createdAt), disbursement.isInstant),
    };
  }
  return { externalId: externalIdIn(data) ?? '' };
}

/** `externalId` of the event's data, or of the resource it carries (`{invoice: {...}}`, `{snapshot: {...}}`). */
function externalIdIn(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  if (typeof record.externalId === 'string') return record.externalId;
  for (const value of Object.values(record)) {
    if (value && typeof value === 'object' && typeof (value as Record<string, unknown>).externalId === 'string')
      return (value as Record<string, string>).externalId;
  }
  return undefined;
}
