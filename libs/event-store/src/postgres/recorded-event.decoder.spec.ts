import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { RecordedEvent } from '../event-envelope';
import { copyRows } from './binary-copy-read';
import { decodeRecordedEvent } from './recorded-event.decoder';

/**
 * The decoder reads PostgreSQL's binary wire format by hand, so every field is checked against
 * what the server itself prints (text format, parsed by pg as before), on edge values.
 */
describe('decodeRecordedEvent (binary COPY rows)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase([], 2);
  });
  afterAll(async () => database?.drop());

  /** One row per (commit, prepare, revision, recorded_at), with fixed other columns. */
  const rowsOf = (values: string) =>
    `SELECT v.commit::xid8, v.prepare::int8, v.id::uuid, v.stream, v.revision::int8, v.type, v.data::jsonb, ` +
    `v.metadata::jsonb, v.at::timestamptz
       FROM (VALUES ${values}) AS v(commit, prepare, id, stream, revision, type, data, metadata, at)`;

  const decode = (select: string) => copyRows<RecordedEvent>(database.pool, select, decodeRecordedEvent);

  it('decodes 64-bit positions and revisions exactly, up to the type limits', async () => {
    const cases = [
      ['0', '0', '0'],
      ['4294967295', '4294967295', '2147483648'],
      ['4294967296', '4294967296', '9007199254740993'],
      ['9223372036854775808', '-1', '-4294967296'],
      ['18446744073709551615', '9223372036854775807', '-9223372036854775808'],
    ];
    const values = cases
      .map(
        ([commit, prepare, revision]) =>
          `('${commit}', '${prepare}', gen_random_uuid()::text, 's', '${revision}', 't', '{}', '{}', now()::text)`,
      )
      .join(', ');
    const events = await decode(rowsOf(values));
    expect(events.map((e) => [e.position.commit, e.position.prepare, e.revision])).toEqual(
      cases.map((row) => row.map(BigInt)),
    );
  });

  it('prints uuids as PostgreSQL does', async () => {
    const ids = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '0a1b2c3d-4e5f-6a7b-8c9d-aebfc0d1e2f3',
    ];
    const { rows } = await database.pool.query<{ id: string }>(
      'SELECT gen_random_uuid()::text AS id FROM generate_series(1, 20)',
    );
    const all = [...ids, ...rows.map((row) => row.id), 'A0B1C2D3-E4F5-A6B7-C8D9-EAFBFCFDFEFF'];
    const values = all.map((id) => `('1', '1', '${id}', 's', '0', 't', '{}', '{}', now()::text)`).join(', ');
    const events = await decode(rowsOf(values));
    expect(events.map((e) => e.id)).toEqual(all.map((id) => id.toLowerCase()));
  });

  it('decodes text and JSON (escapes, unicode, nesting, large documents) as pg does', async () => {
    const big = 'x'.repeat(200_000); // several socket reads for one row
    const data = [
      { plain: 1 },
      {
        quote: 'a"b\\c\n\t\u0001',
        emoji: '💳 🇪🇺',
        accents: 'Zürich, São Paulo, Łódź',
        cjk: '支付',
        nested: { list: [1, 2.5, -3e-7, null, true, [{}]] },
      },
      { big, amount: '123456789012345678901234567890' },
    ];
    const values = data
      .map(
        (d, i) =>
          `('1', '${i}', gen_random_uuid()::text, 'charge-ünïcødé-${i}-🧾', '${i}', 'Type·${i}', ` +
          `${literal(JSON.stringify(d))}, ` +
          `${literal(
            JSON.stringify({
              correlationId: `ß${i}`,
              actor: 'system:tëst',
              occurredAt: '2026-01-01T00:00:00.000Z',
            }),
          )}, now()::text)`,
      )
      .join(', ');
    const select = rowsOf(values);
    const events = await decode(select);
    const { rows } = await database.pool.query<{ stream: string; type: string; data: unknown; metadata: unknown }>(
      `SELECT stream, type, data, metadata FROM (${select}) AS r(commit, prepare, id, stream, revision, type, data, ` +
        `metadata, at)`,
    );
    expect(events.map((e) => [e.streamName, e.type, e.data, e.metadata])).toEqual(
      rows.map((r) => [r.stream, r.type, r.data, r.metadata]),
    );
    expect(events.map((e) => e.data)).toEqual(data);
  });

  it('turns timestamps into the Date pg parses from text, truncated to the millisecond', async () => {
    const times = [
      '2000-01-01 00:00:00+00',
      '1999-12-31 23:59:59.999999+00',
      '1970-01-01 00:00:00.0005+00',
      '1969-12-31 23:59:59.9995+00',
      '1900-06-15 12:34:56.789012+00',
      '2026-11-22 03:04:05.123456+01',
      '2262-04-11 23:47:16.854775+00',
    ];
    const values = times
      .map((at, i) => `('1', '${i}', gen_random_uuid()::text, 's', '0', 't', '{}', '{}', '${at}')`)
      .join(', ');
    const select = rowsOf(values);
    const events = await decode(select);
    const { rows } = await database.pool.query<{ at: Date }>(
      `SELECT at FROM (${select}) AS r(commit, prepare, id, stream, revision, type, data, metadata, at)`,
    );
    expect(events.map((e) => e.recordedAt.getTime())).toEqual(rows.map((r) => r.at.getTime()));
  });

  it('returns no rows for an empty result', async () => {
    expect(
      await decode(
        `${rowsOf(`('1', '1', gen_random_uuid()::text, 's', '0', 't', '{}', '{}', now()::text)`)} WHERE false`,
      ),
    ).toEqual([]);
  });

  it('refuses rows of another shape, and the pool keeps working', async () => {
    await expect(decode('SELECT 1::int8, 2::int8')).rejects.toThrow('binary row: 2 fields, expected 9');
    await expect(
      decode(
        rowsOf(`('1', '1', gen_random_uuid()::text, 's', '0', 't', '{}', '{}', now()::text)`).replace(
          'v.prepare::int8',
          'v.prepare::int4',
        ),
      ),
    ).rejects.toThrow('binary row: a field of 4 bytes, expected 8');
    expect((await database.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('passes on a server error raised in the middle of the rows, and the pool keeps working', async () => {
    const failing =
      `SELECT g::text::xid8, g::int8, gen_random_uuid(), 's', (1 / (3 - g))::int8, 't', '{}'::jsonb, ` +
      `'{}'::jsonb, now() FROM generate_series(1, 5) AS g`;
    await expect(decode(failing)).rejects.toMatchObject({ code: '22012' });
    expect(
      await decode(`SELECT '1'::xid8, 1::int8, gen_random_uuid(), 's', 0::int8, 't', '{}'::jsonb, '{}'::jsonb, now()`),
    ).toHaveLength(1);
  });
});

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
