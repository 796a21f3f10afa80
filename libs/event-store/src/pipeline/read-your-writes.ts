import type { GlobalPosition } from '../event-envelope';

/**
 * What a command's answer promises about the read side, declared once per command:
 * - `'none'`: the answer stands on the decision alone (the next GET replays the stream, or no
 *   read model shows the change to the caller);
 * - `{ projection }`: before answering, wait (bounded) until every named projection has passed
 *   the append, so a GET issued after the answer reads what was written.
 */
export type ReadYourWrites = 'none' | { projection: string | readonly string[]; timeoutMs?: number };

/** How the wait ended: the answer is the same in every case (a lag never fails a command). */
export type ReadModelOutcome = 'not-awaited' | 'caught-up' | 'lagging';

/** The projections' progress (ProjectionProgress, @gateway/projections, satisfies it). */
export interface ReadModelProgress {
  waitFor(names: string | readonly string[], position: GlobalPosition, timeoutMs?: number): Promise<boolean>;
}

/** Where a lag is reported: a log line and a counter per projection (operations read it). */
export interface ReadYourWritesLagSink {
  lagged(lag: { projections: readonly string[]; stream: string; waitedMs: number; position: GlobalPosition }): void;
}

/** The same bound every handler used before the pipeline: long enough for a busy worker. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 10_000;
