import type { MigrationSet } from '@gateway/platform';

export const accountsMigrations: MigrationSet = {
  component: 'accounts',
  migrations: [
    {
      version: 1,
      name: 'businesses read model',
      sql: `
        CREATE TABLE businesses (
          business_id          text        PRIMARY KEY,
          name                 text        NOT NULL,
          registered_at        timestamptz NOT NULL,
          test_clock_offset_ms bigint      NOT NULL DEFAULT 0,
          updated_at           timestamptz NOT NULL
        );`,
    },
  ],
};
