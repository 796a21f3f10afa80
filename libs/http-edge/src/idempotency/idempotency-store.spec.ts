import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { clockMigrations } from '@gateway/clock';
import { migrate } from '@gateway/database';
import { Client } from 'pg';
import { IdempotencyStore } from './idempotency-store';
import { idempotencyMigrations } from './idempotency.migrations';

/**
 * Issue 19, item 13: migration 3 (keys shared by test and live, found by hash) keeps the records
 * written before it working, and the store then treats a key as one key across modes.
 */
describe('idempotency store, records from before keys were shared across modes', () => {
  let db: TestDatabase;
  const timing = { ttlMs: 24 * 3_600_000, leaseMs: 10_000 };
  const beforeSharing = {
    ...idempotencyMigrations,
    migrations: idempotencyMigrations.migrations.filter((m) => m.version <= 2),
  };

  beforeAll(async () => {
    db = await createTestDatabase([clockMigrations, beforeSharing]);
    const insert = (
      mode: string,
      key: string,
      state: 'completed' | 'in_progress',
      expiresIn: string,
      extra: { body?: string; generation?: string; lockedFor?: string } = {},
    ) =>
      db.pool.query(
        `INSERT INTO idempotency_records (business_id, mode, idempotency_key, fingerprint, state, claim_token, ` +
          `response_status, response_headers, response_body,
                                          created_at, expires_at, locked_until, completed_at, generation)
         VALUES ('biz_1', $1, $2, 'fp', $3, 'token', $4, $5, $6, now(), now() + $7::interval, $8, $9, $10)`,
        [
          mode,
          key,
          state,
          state === 'completed' ? 200 : null,
          state === 'completed' ? '{"content-type":"application/json"}' : null,
          state === 'completed' ? (extra.body ?? `{"mode":"${mode}"}`) : null,
          expiresIn,
          state === 'in_progress' ? new Date(Date.now() + (extra.lockedFor === 'past' ? -1_000 : 60_000)) : null,
          state === 'completed' ? new Date() : null,
          extra.generation ?? null,
        ],
      );
    await insert('test', 'both-modes', 'completed', '1 hour');
    await insert('live', 'both-modes', 'completed', '1 hour');
    await insert('test', 'expired-test', 'completed', '-1 hour');
    await insert('live', 'expired-live', 'completed', '-1 hour');
    await insert('test', 'only-test', 'completed', '1 hour', { body: '{"id":"kept"}' });
    await insert('live', 'crashed', 'in_progress', '1 hour', { generation: 'gen-1', lockedFor: 'past' });
    // The test record of this pair expired: the live one stays whatever the rule for live pairs.
    await insert('test', 'expired-pair', 'completed', '-1 hour');
    await insert('live', 'expired-pair', 'completed', '1 hour');
    await migrate(db.pool, [clockMigrations, idempotencyMigrations]);
  });
  afterAll(async () => db?.drop());

  const store = () => new IdempotencyStore(db.pool, timing);
  /** A request of business `biz_1` in `mode` with this key (every request here has the fingerprint `fp`). */
  const claim = (mode: 'test' | 'live', key: string) => store().claim({ businessId: 'biz_1', mode, key }, 'fp');
  const rows = async () =>
    (
      await db.pool.query<{ mode: string; idempotency_key: string }>(
        'SELECT mode, idempotency_key FROM idempotency_records ORDER BY idempotency_key, mode',
      )
    ).rows;

  it('keeps every live record; of a key used in both modes the live record stays; expired records go', async () => {
    expect(await rows()).toEqual([
      { mode: 'live', idempotency_key: 'both-modes' },
      { mode: 'live', idempotency_key: 'crashed' },
      { mode: 'live', idempotency_key: 'expired-pair' },
      { mode: 'test', idempotency_key: 'only-test' },
    ]);
  });

  it('replays a kept record to its mode, and refuses it to the other mode', async () => {
    expect(await claim('test', 'only-test')).toMatchObject({
      claimed: false,
      mode: 'test',
      state: 'completed',
      response: { status: 200, body: '{"id":"kept"}' },
    });
    expect(await claim('live', 'only-test')).toMatchObject({ claimed: false, mode: 'test', state: 'completed' });
    expect(await claim('live', 'both-modes')).toMatchObject({
      claimed: false,
      mode: 'live',
      response: { body: '{"mode":"live"}' },
    });
  });

  it(
    'lets the same request take over a crashed claim in its generation, ' +
      'and a new request use a key whose record expired',
    async () => {
      // Another mode never takes a claim over, even with the same parameters.
      expect(await claim('test', 'crashed')).toMatchObject({ claimed: false, mode: 'live', state: 'in_progress' });
      expect(await claim('live', 'crashed')).toMatchObject({ claimed: true, claim: { generation: 'gen-1' } });
      const fresh = await claim('test', 'expired-test');
      expect(fresh).toMatchObject({ claimed: true, claim: { mode: 'test' } });
    },
  );

  it('finds a key of any length by its hash', async () => {
    const key = 'k'.repeat(20_000);
    const first = await claim('test', key);
    if (!first.claimed) throw new Error('not claimed');
    expect(await store().complete(first.claim, { status: 201, headers: {}, body: '{"long":true}' })).toBe(true);
    expect(await claim('test', key)).toMatchObject({ state: 'completed', response: { body: '{"long":true}' } });
    expect(await claim('test', `${key}k`)).toMatchObject({ claimed: true });
  });
});

/**
 * A claim names its holder's LISTEN session (ClaimHolderPresence): a retry of a request whose
 * process is gone takes the claim over at once, while a live holder's claim holds for its lease.
 */
describe('idempotency store, claims of live and dead holders', () => {
  let db: TestDatabase;
  let session: Client;
  const timing = { ttlMs: 24 * 3_600_000, leaseMs: 60_000 };

  beforeAll(async () => {
    db = await createTestDatabase([clockMigrations, idempotencyMigrations]);
    session = new Client({ connectionString: db.url, application_name: 'listen holder-alive .abc.' });
    await session.connect();
  });
  afterAll(async () => {
    await session?.end();
    await db?.drop();
  });

  const storeOf = (holder: string | undefined) => new IdempotencyStore(db.pool, timing, () => holder);
  const scope = (key: string) => ({ businessId: 'biz_1', mode: 'test' as const, key });

  it('takes over at once the claim of a holder whose session is gone, in its generation', async () => {
    const first = await storeOf('listen holder-gone ').claim(scope('dead'), 'fp');
    if (!first.claimed) throw new Error('not claimed');
    // Other parameters may not take it over, but are told its holder is gone (the key was used).
    expect(await storeOf(undefined).claim(scope('dead'), 'other')).toMatchObject({
      claimed: false,
      state: 'in_progress',
      leaseExpired: true,
    });
    expect(await storeOf('listen holder-alive ').claim(scope('dead'), 'fp')).toMatchObject({
      claimed: true,
      claim: { generation: first.claim.generation },
    });
  });

  it('leaves the claim of a live holder, and of one that named none, to its lease', async () => {
    for (const holder of ['listen holder-alive ', undefined]) {
      const key = `live-${holder ?? 'none'}`;
      expect(await storeOf(holder).claim(scope(key), 'fp')).toMatchObject({ claimed: true });
      expect(await storeOf(undefined).claim(scope(key), 'fp')).toMatchObject({
        claimed: false,
        state: 'in_progress',
        leaseExpired: false,
      });
    }
  });

  it('sees a holder go the moment its session ends', async () => {
    const holderSession = new Client({ connectionString: db.url, application_name: 'listen holder-ending .abc.' });
    await holderSession.connect();
    expect(await storeOf('listen holder-ending ').claim(scope('ending'), 'fp')).toMatchObject({ claimed: true });
    expect(await storeOf(undefined).claim(scope('ending'), 'fp')).toMatchObject({ claimed: false });
    await holderSession.end();
    // The backend's exit is asynchronous to the client's: give it a moment.
    let outcome = await storeOf(undefined).claim(scope('ending'), 'fp');
    for (let i = 0; i < 50 && !outcome.claimed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      outcome = await storeOf(undefined).claim(scope('ending'), 'fp');
    }
    expect(outcome).toMatchObject({ claimed: true });
  });
});
