import { clockMigrations } from '@gateway/clock';
import {
  countingPool,
  type CountingPool,
  createTestDatabase,
  explainPrepared,
  rowsReadFrom,
  type TestDatabase,
} from '@gateway/testing';
import { type AttemptRecord, CLAIM_DUE_DELIVERIES_SQL, DeliveryQueue } from './delivery-queue';
import { webhooksMigrations } from './webhooks.migrations';

const AT = new Date('2026-11-27T05:00:00Z');

describe('DeliveryQueue.record', () => {
  let db: TestDatabase;
  /** The real pool, counting what goes through it. */
  let counting: CountingPool;
  beforeAll(async () => {
    db = await createTestDatabase([webhooksMigrations]);
    counting = countingPool(db.pool);
  });
  afterAll(() => db.drop());

  /** A delivery a sender holds (`sending`, locked by `worker`). */
  const sending = (id: string, worker = 'w1') =>
    db.pool.query(
      `INSERT INTO webhook_deliveries (delivery_id, business_id, mode, kind, event_id, event_type, resource_id, url,
                                       configured_url, payload, schedule, status, locked_by, locked_until, created_at)
       VALUES ($1, 'biz', 'test', 'fva_paid', $1, 'Paid', 'res', 'https://example.com', true, '{}', 'standard',
               'sending', $2, now() + interval '1 minute', now())`,
      [id, worker],
    );
  const attempt = (deliveryId: string, overrides: Partial<AttemptRecord> = {}): AttemptRecord => ({
    deliveryId,
    workerId: 'w1',
    attemptedAt: AT,
    firstAttemptAt: AT,
    next: { status: 'succeeded' },
    manual: false,
    statusCode: 200,
    latencyMs: 12,
    responseExcerpt: 'ok',
    ...overrides,
  });
  const delivery = async (id: string) =>
    (
      await db.pool.query(
        'SELECT status, attempts, last_error, locked_by FROM webhook_deliveries WHERE delivery_id = $1',
        [id],
      )
    ).rows[0];
  const attemptsOf = async (id: string) =>
    (
      await db.pool.query('SELECT attempt, succeeded, response_excerpt FROM webhook_attempts WHERE delivery_id = $1', [
        id,
      ])
    ).rows;

  it('records attempts that finish together in one statement, each only where its sender holds the lease', async () => {
    const queue = new DeliveryQueue(counting.pool);
    for (const id of ['ok-1', 'ok-2', 'retry', 'alerted', 'taken-over'])
      await sending(id, id === 'taken-over' ? 'w2' : 'w1');
    counting.reset();
    const outcomes = await Promise.all([
      queue.record(attempt('ok-1')),
      queue.record(attempt('ok-2')),
      queue.record(
        attempt('retry', {
          next: { status: 'pending', nextAttemptAt: new Date('2026-11-27T05:01:00Z') },
          statusCode: 500,
          error: 'HTTP 500',
        }),
      ),
      queue.record(
        attempt('alerted', {
          next: { status: 'failed', reason: 'exhausted', disableEndpoint: false, raiseAlert: true },
          statusCode: 503,
          error: 'HTTP 503',
          alert: { businessId: 'biz', mode: 'test', kind: 'fva_paid', message: 'failed 3 times' },
        }),
      ),
      queue.record(attempt('taken-over')),
    ]);
    expect(outcomes).toEqual([true, true, true, true, false]);
    expect(counting.statements).toBeLessThanOrEqual(3); // two may leave at once, the rest together
    expect(await delivery('ok-1')).toEqual({ status: 'succeeded', attempts: 1, last_error: null, locked_by: null });
    expect(await delivery('retry')).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: 'HTTP 500',
      locked_by: null,
    });
    expect(await delivery('taken-over')).toEqual({ status: 'sending', attempts: 0, last_error: null, locked_by: 'w2' });
    expect(await attemptsOf('ok-2')).toEqual([{ attempt: 1, succeeded: true, response_excerpt: 'ok' }]);
    expect(await attemptsOf('taken-over')).toEqual([]);
    const alerts = await db.pool.query('SELECT delivery_id, message FROM webhook_alerts');
    expect(alerts.rows).toEqual([{ delivery_id: 'alerted', message: 'failed 3 times' }]);
  });

  it('an attempt the database refuses fails alone: the others of its statement are still recorded', async () => {
    const queue = new DeliveryQueue(counting.pool);
    for (const id of ['fine-1', 'fine-2', 'fine-3', 'refused']) await sending(id);
    const outcomes = await Promise.allSettled([
      queue.record(attempt('fine-1')),
      queue.record(attempt('fine-2')),
      queue.record(attempt('fine-3')),
      // PostgreSQL text cannot hold NUL: the whole combined statement fails on this one.
      queue.record(attempt('refused', { responseExcerpt: 'bad \u0000 byte' })),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    for (const id of ['fine-1', 'fine-2', 'fine-3']) expect((await delivery(id)).status).toBe('succeeded');
    expect((await delivery('refused')).status).toBe('sending');
  });
});

/**
 * A receiver that is down for a day leaves thousands of deliveries waiting for a later retry while
 * the senders poll several times a second: a poll must not read them. Before the claim looked its
 * candidates up by id, it read every pending delivery (a poll and its bookkeeping took ~35 ms with
 * 50,000 waiting, against ~3 ms now whatever waits; the test-clock branch walked them all).
 */
describe('DeliveryQueue claim with a large backlog of later retries', () => {
  const backlog = 20_000;
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase([clockMigrations, webhooksMigrations]);
    // A business whose test clock runs an hour ahead, one whose clock is not advanced, and live deliveries.
    await db.pool.query(`INSERT INTO test_clocks (business_id, offset_ms) VALUES ('ahead', 3600000)`);
    const insert = `INSERT INTO webhook_deliveries (delivery_id, business_id, mode, kind, event_id, event_type,
                      resource_id, url, configured_url, payload, schedule, status, next_attempt_at, created_at)`;
    await db.pool.query(
      `${insert}
       SELECT 'later-' || g, (ARRAY['ahead', 'idle', 'live'])[1 + g % 3],
              CASE WHEN g % 3 = 2 THEN 'live' ELSE 'test' END, 'fva_paid', 'e-' || g, 'Paid', 'res',
              'https://down.example/' || g % 50, true, '{}', 'standard', 'pending',
              now() + interval '1 day' + g * interval '1 second', now()
         FROM generate_series(1, $1::int) g`,
      [backlog],
    );
    await db.pool.query(
      `${insert} VALUES
         ('due-now', 'live', 'live', 'fva_paid', 'e-now', 'Paid', 'res', 'https://up.example', true, '{}',
          'standard', 'pending', now() - interval '1 second', now()),
         ('due-by-clock', 'ahead', 'test', 'fva_paid', 'e-clock', 'Paid', 'res', 'https://up.example', true, '{}',
          'standard', 'pending', now() + interval '30 minutes', now()),
         ('not-due-idle', 'idle', 'test', 'fva_paid', 'e-idle', 'Paid', 'res', 'https://up.example', true, '{}',
          'standard', 'pending', now() + interval '30 minutes', now())`,
    );
    await db.pool.query('ANALYZE webhook_deliveries');
  });
  afterAll(() => db.drop());

  it('claims what is due, on real time and on an advanced test clock, reading a few rows only', async () => {
    await explainPrepared(db.pool, CLAIM_TEN, async (plan, client) => {
      const claimed = await client.query<{ delivery_id: string }>(
        `SELECT delivery_id FROM webhook_deliveries WHERE status = 'sending' ORDER BY delivery_id`,
      );
      expect(claimed.rows.map((row) => row.delivery_id)).toEqual(['due-by-clock', 'due-now']);
      expect(rowsReadFrom(plan, 'webhook_deliveries')).toBeLessThan(100);
    });
  });
});

/** A claim of up to ten deliveries by sender `w1`, at most four to one URL, as `explainPrepared` runs it. */
const CLAIM_TEN = {
  sql: CLAIM_DUE_DELIVERIES_SQL,
  parameterTypes: ['integer', 'text', 'integer', 'integer'],
  values: ['10', `'w1'`, '60000', '4'],
};
