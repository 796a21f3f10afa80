import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { Pool } from 'pg';
import type { MigrationSet } from './migration';
import { migrate } from './migrator';

const sets = (sql = 'CREATE TABLE widgets (id int PRIMARY KEY)'): MigrationSet[] => [
  {
    component: 'widgets',
    migrations: [
      { version: 1, name: 'widgets', sql },
      { version: 2, name: 'gadgets', sql: 'CREATE TABLE gadgets (id int)' },
    ],
  },
];

describe('migrate', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase([]);
  });
  afterEach(async () => db.drop());

  it('applies each migration once, in order, even when several processes start at once', async () => {
    const pools = Array.from({ length: 4 }, () => new Pool({ connectionString: db.url, max: 1 }));
    // A connection still closing when the database is dropped must not fail the run.
    for (const pool of pools) pool.on('error', () => undefined);
    const results = await Promise.all(pools.map((pool) => migrate(pool, sets())));
    await Promise.all(pools.map((pool) => pool.end()));
    expect(results.map((applied) => applied.length).sort()).toEqual([0, 0, 0, 2]);
    const { rows } = await db.pool.query('SELECT component, version FROM schema_migrations ORDER BY version');
    expect(rows).toEqual([
      { component: 'widgets', version: 1 },
      { component: 'widgets', version: 2 },
    ]);
  });

  it('refuses a migration whose SQL changed after it was applied', async () => {
    await migrate(db.pool, sets());
    await expect(migrate(db.pool, sets('CREATE TABLE widgets (id bigint PRIMARY KEY)'))).rejects.toThrow(
      /changed after it was applied/,
    );
  });

  it('rolls back everything when one migration fails', async () => {
    const broken: MigrationSet[] = [
      {
        component: 'broken',
        migrations: [
          { version: 1, name: 'ok', sql: 'CREATE TABLE fine (id int)' },
          { version: 2, name: 'bad', sql: 'CREATE TABLE' },
        ],
      },
    ];
    await expect(migrate(db.pool, broken)).rejects.toThrow();
    const { rows } = await db.pool.query("SELECT to_regclass('fine') AS fine");
    expect(rows[0].fine).toBeNull();
  });
});
