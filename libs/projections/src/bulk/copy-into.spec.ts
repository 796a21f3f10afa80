import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { copyInto, copyText } from './copy-into';

describe('copyInto', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase([
      {
        component: 'test-copy-into',
        migrations: [
          {
            version: 1,
            name: 'table',
            sql:
              'CREATE TABLE copied (id int PRIMARY KEY, label text, amount numeric(38,0), at timestamptz, ' +
              'flag boolean);',
          },
        ],
      },
    ]);
  });
  afterAll(async () => db.drop());

  it('writes every row with its text exactly as given, nulls included', async () => {
    const unicode = 'ünïcödé 💸';
    const awkward = ['tab\there', 'new\nline', 'carriage\rreturn', 'back\\slash \\N', '\\', unicode, '', 'plain'];
    const lines = awkward.map(
      (label, i) =>
        `${i}\t${copyText(label)}\t${copyText(12345678901234567890n * BigInt(i + 1))}\t` +
        `${copyText('2026-01-02T03:04:05.678Z')}\t${copyText(i % 2 === 0)}`,
    );
    lines.push(`${awkward.length}\t${copyText(null)}\t${copyText(undefined)}\t\\N\t\\N`);
    const client = await db.pool.connect();
    try {
      expect(
        await copyInto(
          client,
          'copied',
          ['id', 'label', 'amount', 'at', 'flag'],
          lines.map((line) => `${line}\n`).join(''),
        ),
      ).toBe(awkward.length + 1);
      expect(await copyInto(client, 'copied', ['id'], '')).toBe(0);
      await expect(copyInto(client, 'copied', ['id'], '1')).rejects.toThrow('newline');
    } finally {
      client.release();
    }
    const { rows } = await db.pool.query('SELECT id, label, amount::text, at, flag FROM copied ORDER BY id');
    expect(rows.map((row) => row.label)).toEqual([...awkward, null]);
    expect(rows[1]).toEqual({
      id: 1,
      label: 'new\nline',
      amount: '24691357802469135780',
      at: new Date('2026-01-02T03:04:05.678Z'),
      flag: false,
    });
    expect(rows.at(-1)).toEqual({ id: awkward.length, label: null, amount: null, at: null, flag: null });
  });

  it('rejects with the server error (a duplicate key) and leaves the connection usable', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await expect(copyInto(client, 'copied', ['id', 'label'], '100\ta\n100\tb\n')).rejects.toThrow(/duplicate key/);
      await client.query('ROLLBACK');
      await expect(copyInto(client, 'copied', ['id', 'label'], 'not a number\ta\n')).rejects.toThrow(
        /invalid input syntax/,
      );
      expect((await client.query('SELECT count(*)::int AS n FROM copied WHERE id = 100')).rows[0].n).toBe(0);
    } finally {
      client.release();
    }
  });
});
