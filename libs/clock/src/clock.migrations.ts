import type { MigrationSet } from '@gateway/database';

/**
 * How far each test-mode business has moved its clock ahead of real time. The scheduler
 * joins this table to decide which test jobs are due, so apply it before `schedulerMigrations`.
 */
export const clockMigrations: MigrationSet = {
  component: 'clock',
  migrations: [
    {
      version: 1,
      name: 'test clocks',
      sql: `
        CREATE TABLE test_clocks (
          business_id text        PRIMARY KEY,
          offset_ms   bigint      NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
          updated_at  timestamptz NOT NULL DEFAULT now()
        );
      `,
    },
  ],
};
