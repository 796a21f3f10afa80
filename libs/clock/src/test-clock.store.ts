import type { ClientBase, Pool } from 'pg';
import { CombinedLookups } from '@gateway/database';
import { SCHEDULER_WAKEUP_CHANNEL } from '@gateway/database';

/** A test clock may only move forward: jobs already run because of it cannot be un-run. */
export class TestClockRewindError extends Error {
  constructor(
    readonly businessId: string,
    readonly currentOffsetMs: number,
    readonly requestedOffsetMs: number,
  ) {
    super(
      `Test clock of business ${businessId} is ${currentOffsetMs} ms ahead; ` +
        `refusing to set it back to ${requestedOffsetMs} ms`,
    );
    this.name = 'TestClockRewindError';
  }
}

/** The `test_clocks` table: how far each test-mode business's clock runs ahead of real time. */
export class TestClockStore {
  /**
   * Test-mode requests ask for the time on every command: concurrent look-ups share a statement,
   * also with the other per-business look-ups of the same moment (settings, the business).
   */
  private readonly offsets: (businessId: string) => Promise<number | undefined>;

  constructor(
    private readonly pool: Pool,
    lookups: CombinedLookups = new CombinedLookups(pool),
  ) {
    this.offsets = lookups.kind({
      name: 'test_clock_offsets',
      sql: 'SELECT business_id, offset_ms FROM test_clocks WHERE business_id = ANY($1::text[])',
      keyOf: (row) => row.business_id as string,
      valueOf: (row) => Number(row.offset_ms),
    });
  }

  /** 0 for a business that never advanced its clock. Read in `db` when given (a transaction), else from the pool. */
  async offsetOf(businessId: string, db?: Pool | ClientBase): Promise<number> {
    if (db === undefined || db === this.pool) return (await this.offsets(businessId)) ?? 0;
    const { rows } = await db.query<{ offset_ms: string }>('SELECT offset_ms FROM test_clocks WHERE business_id = $1', [
      businessId,
    ]);
    return rows.length === 0 ? 0 : Number(rows[0].offset_ms);
  }

  /**
   * Sets the business's offset and wakes the job runners, in the caller's transaction when
   * `db` is one (the accounts projection applies `TestClockAdvanced` this way), so the new
   * time and the wake-up both take effect at its commit. Setting the same offset again is a
   * no-op (a replayed event); a smaller one throws TestClockRewindError and writes nothing.
   */
  async setOffset(db: Pool | ClientBase, businessId: string, offsetMs: number): Promise<void> {
    if (!(await this.raiseOffsetTo(db, businessId, offsetMs))) {
      throw new TestClockRewindError(businessId, await this.offsetOf(businessId, db), offsetMs);
    }
  }

  /**
   * Like setOffset, but a smaller offset is silently kept as it is: what a projection replaying
   * the log from the start needs (a rebuild must never move a clock back). Returns whether the
   * offset is now exactly `offsetMs`.
   */
  async raiseOffsetTo(db: Pool | ClientBase, businessId: string, offsetMs: number): Promise<boolean> {
    if (!Number.isSafeInteger(offsetMs) || offsetMs < 0) {
      throw new RangeError(`Test clock offset must be a non-negative integer number of ms, got ${offsetMs}`);
    }
    // One statement: the upsert only writes when the clock does not go back, and the
    // NOTIFY is only sent when it wrote. The row lock serialises concurrent advances.
    const { rows } = await db.query<{ offset_ms: string }>(
      `WITH advanced AS (
         INSERT INTO test_clocks (business_id, offset_ms, updated_at)
         VALUES ($1, $2, now())
         ON CONFLICT (business_id) DO UPDATE
           SET offset_ms = EXCLUDED.offset_ms, updated_at = now()
           WHERE test_clocks.offset_ms <= EXCLUDED.offset_ms
         RETURNING offset_ms
       )
       SELECT offset_ms, pg_notify($3, '') FROM advanced`,
      [businessId, offsetMs, SCHEDULER_WAKEUP_CHANNEL],
    );
    return rows.length > 0;
  }
}
