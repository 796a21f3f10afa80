import type { MigrationSet } from '@gateway/database';

/**
 * Shared rate-limit counters: one row per key and fixed window, counting the units the api
 * processes reserved (see `postgres-quota-store.ts`).
 *
 * UNLOGGED: no WAL for a row updated many times a second. A crash empties the table, which
 * at worst forgives the traffic of one window; these counters are not worth durability.
 * fillfactor 70 leaves room in each page for HOT updates (no indexed column ever changes).
 */
export const rateLimitMigrations: MigrationSet = {
  component: 'rate-limit',
  migrations: [
    {
      version: 1,
      name: 'rate limit counters',
      sql: `
        CREATE UNLOGGED TABLE rate_limit_counters (
          key          text    NOT NULL,
          window_start bigint  NOT NULL,
          reserved     integer NOT NULL CHECK (reserved >= 0),
          last_grant   integer NOT NULL CHECK (last_grant >= 0),
          PRIMARY KEY (key, window_start)
        ) WITH (fillfactor = 70);
      `,
    },
  ],
};
