import type { RecordedEvent } from '@gateway/event-store';
import type { Client, QueryResult } from 'pg';
import type { Projection } from './projection';
import { sendTogether } from './send-together';

/** The batch's checkpoint move, issued on the lease without waiting (`beginWithCheckpointMove`). */
export type CheckpointMove = () => Promise<boolean>;

interface IssuedBatch {
  moving: Promise<boolean>;
  writing: Promise<unknown>;
  /** Sent with the statements when they were planned; otherwise sent once `writing` settles. */
  committing?: Promise<QueryResult>;
}

/**
 * One projection batch as one transaction on a pipelined lease: `BEGIN` with the checkpoint move,
 * then the projection's planned statements and COMMIT, all in one write (one round trip), or, for
 * a projection that reads while it applies, the statements `apply` issues before its first wait in
 * that write and the rest as it issues them. The move comes first and aborts the transaction when
 * the checkpoint is no longer where the batch began, so nothing of a refused batch lands.
 *
 * Resolves true once committed, false when the checkpoint had moved (a rebuild reset it); rejects
 * with what failed otherwise (rolled back).
 */
export async function applyPipelinedBatch(
  lease: Client,
  projection: Projection,
  events: RecordedEvent[],
  move: CheckpointMove,
): Promise<boolean> {
  const planned = projection.plannedStatements?.(events);
  const issued = sendTogether(lease, (): IssuedBatch => {
    const moving = move();
    if (!planned) return { moving, writing: projection.apply(events, lease) };
    const writing = Promise.all(planned.map((statement) => lease.query(statement)));
    return { moving, writing, committing: lease.query('COMMIT') };
  });
  const [moved, written] = await Promise.allSettled([issued.moving, issued.writing]);
  const checkpointMoved = moved.status === 'fulfilled' && !moved.value;
  const failure: unknown =
    moved.status === 'rejected' ? moved.reason : written.status === 'rejected' ? written.reason : undefined;
  // A COMMIT already sent ends as a ROLLBACK after a failed statement or a refused move.
  const committed = issued.committing
    ? await issued.committing.then(
        (result) => result.command === 'COMMIT',
        () => false,
      )
    : await commitUnlessFailed(lease, checkpointMoved || failure !== undefined);
  if (checkpointMoved) return false;
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error(`The batch of ${projection.name} failed`, { cause: failure });
  if (!committed) throw new Error(`The batch of ${projection.name} did not commit`);
  return true;
}

async function commitUnlessFailed(lease: Client, failed: boolean): Promise<boolean> {
  if (failed) {
    await lease.query('ROLLBACK').catch(() => undefined);
    return false;
  }
  await lease.query('COMMIT');
  return true;
}
