import type { Pool } from 'pg';

/**
 * Writes MoneyInReceived events straight into the PostgreSQL log (one SQL statement per chunk,
 * far faster than appends), each with a fee and VAT so it posts four entries. Returns the number
 * of events. Settled by source, so the journal schedules no jobs for them.
 */
export async function seedJournalEvents(pool: Pool, entries: number, businesses: number): Promise<number> {
  const events = Math.ceil(entries / 4);
  const chunk = 50_000;
  for (let from = 0; from < events; from += chunk) {
    const to = Math.min(events, from + chunk);
    await pool.query(
      `INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata)
       SELECT gen_random_uuid(), 'topup-bench' || i, 0, 'MoneyInReceived',
              jsonb_build_object('movementId', 'bench' || i, 'source', jsonb_build_object('context', 'bench', ` +
        `'resourceId', 'bench' || i),
                                 'channel', 'OVO', 'currency', 'IDR', 'grossAmount', 100000 + i, 'fee', 2900, ` +
        `'feeTax', 319,
                                 'settledBySource', true, 'receivedAt', '2026-01-01T00:00:00.000Z'),
              jsonb_build_object('businessId', 'biz_bench_' || (i % $3), 'mode', 'test', 'correlationId', 'bench', ` +
        `'actor', 'system:bench',
                                 'occurredAt', '2026-01-01T00:00:00.000Z')
         FROM generate_series($1::int, $2::int) AS i`,
      [from, to - 1, businesses],
    );
  }
  await pool.query('VACUUM ANALYZE es_events');
  return events;
}
