import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { CombinedLookups } from './combined-lookups';

/** CombinedLookups on a real PostgreSQL: kinds leave together, answers stay per kind and key. */
describe('CombinedLookups', () => {
  let database: TestDatabase;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase([]);
    await database.pool.query(`
      CREATE TABLE lookup_people (id text PRIMARY KEY, name text NOT NULL, born timestamptz NOT NULL);
      CREATE TABLE lookup_balances (id text PRIMARY KEY, amount bigint NOT NULL);
      INSERT INTO lookup_people VALUES ('a', 'Ani', '2020-01-02T03:04:05.678Z'), ('b', 'Budi', '2021-01-01T00:00:00Z');
      INSERT INTO lookup_balances VALUES ('a', 5), ('c', 9007199254740991);`);
    const query = database.pool.query.bind(database.pool);
    // Counts the statements the pool is given (the combiner's only way to the database).
    database.pool.query = ((config: unknown, ...rest: unknown[]) => {
      statements.push(typeof config === 'string' ? config : ((config as { name?: string }).name ?? '?'));
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof database.pool.query;
  });
  afterAll(() => database.drop());
  beforeEach(() => statements.splice(0));

  const kinds = (lookups: CombinedLookups) => ({
    person: lookups.kind({
      name: 'people',
      sql: 'SELECT id, name, born FROM lookup_people WHERE id = ANY($1::text[])',
      keyOf: (row) => row.id as string,
      valueOf: (row) => ({ name: row.name as string, born: new Date(row.born as string).toISOString() }),
    }),
    balance: lookups.kind({
      name: 'balances',
      sql: 'SELECT id, amount FROM lookup_balances WHERE id = ANY($1::text[])',
      keyOf: (row) => row.id as string,
      valueOf: (row) => Number(row.amount),
    }),
  });

  it('answers look-ups of several kinds asked together from one statement, each with its own rows', async () => {
    const { person, balance } = kinds(new CombinedLookups(database.pool));
    // Asked a few awaits apart, as a request's look-ups are (a query bus, a clock): one statement.
    const later = async <T>(ask: () => Promise<T>) => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return ask();
    };
    const asked = [person('a'), later(() => person('b')), balance('a'), later(() => balance('c')), person('x')];
    const answers = await Promise.all([...asked, balance('b')]);
    expect(answers).toEqual([
      { name: 'Ani', born: '2020-01-02T03:04:05.678Z' },
      { name: 'Budi', born: '2021-01-01T00:00:00.000Z' },
      5,
      9007199254740991,
      undefined,
      undefined,
    ]);
    expect(statements).toEqual(['lookups:balances+people']);
  });

  it('queues look-ups asked while its statements are in flight, and sends them together next', async () => {
    const { person, balance } = kinds(new CombinedLookups(database.pool, { maxInFlight: 1 }));
    const first = person('a');
    await new Promise((resolve) => setImmediate(resolve));
    // The first statement is in flight: these wait for it, then leave in one.
    const next = [balance('a'), person('b'), balance('c')];
    expect(await Promise.all([first, ...next])).toEqual([
      { name: 'Ani', born: '2020-01-02T03:04:05.678Z' },
      5,
      { name: 'Budi', born: '2021-01-01T00:00:00.000Z' },
      9007199254740991,
    ]);
    expect(statements).toEqual(['lookups:people', 'lookups:balances+people']);
  });

  it('reads the database after it was asked: a write before the ask is seen', async () => {
    const { balance } = kinds(new CombinedLookups(database.pool));
    expect(await balance('a')).toBe(5);
    await database.pool.query(`UPDATE lookup_balances SET amount = 6 WHERE id = 'a'`);
    expect(await balance('a')).toBe(6);
  });

  it('fails every look-up of a failed statement, and the next ones work', async () => {
    const lookups = new CombinedLookups(database.pool, { maxInFlight: 1 });
    const { balance } = kinds(lookups);
    const broken = lookups.kind({
      name: 'broken',
      sql: 'SELECT id FROM lookup_nowhere WHERE id = ANY($1::text[])',
      keyOf: (row) => row.id as string,
      valueOf: () => 1,
    });
    const first = balance('a');
    await new Promise((resolve) => setImmediate(resolve));
    const together = [broken('a'), balance('c')];
    await expect(first).resolves.toBe(6);
    await expect(Promise.all(together)).rejects.toThrow(/lookup_nowhere/);
    await expect(together[1]).rejects.toThrow(/lookup_nowhere/);
    expect(await balance('c')).toBe(9007199254740991);
  });

  it('refuses a second kind of one name with other SQL', () => {
    const lookups = new CombinedLookups(database.pool);
    kinds(lookups);
    expect(() => kinds(lookups)).not.toThrow();
    expect(() =>
      lookups.kind({
        name: 'people',
        sql: 'SELECT id FROM lookup_people WHERE id = ANY($1)',
        keyOf: () => '',
        valueOf: () => 1,
      }),
    ).toThrow(/other SQL/);
  });

  it('refuses a kind that uses a parameter other than its keys', () => {
    expect(() =>
      new CombinedLookups(database.pool).kind({
        name: 'two',
        sql: 'SELECT id FROM lookup_people WHERE id = ANY($1::text[]) AND name = $2',
        keyOf: () => '',
        valueOf: () => 1,
      }),
    ).toThrow(/only use \$1/);
  });
});
