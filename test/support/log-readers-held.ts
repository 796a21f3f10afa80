import type { Pool } from 'pg';

export interface HeldLogReaders {
  /** Ends the holding transaction (once; later calls do nothing) and returns its connection. */
  release(): Promise<void>;
  /** Releases after `ms` unless released before; returns a cancel for the timer. */
  releaseAfter(ms: number): () => void;
}

/**
 * Opens a writing transaction (it takes a transaction id) and keeps it open: until it ends, log
 * readers see nothing appended after it began (they wait for every older transaction), so the
 * log is ahead of every projection. For tests of what a page or gauge shows while read models lag.
 */
export async function holdLogReaders(pool: Pool): Promise<HeldLogReaders> {
  const holder = await pool.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT pg_current_xact_id()');
  let ending: Promise<void> | undefined;
  const release = () =>
    (ending ??= holder
      .query('COMMIT')
      .then(() => undefined)
      .finally(() => holder.release()));
  return {
    release,
    releaseAfter(ms) {
      const timer = setTimeout(() => void release().catch(() => undefined), ms);
      return () => clearTimeout(timer);
    },
  };
}
