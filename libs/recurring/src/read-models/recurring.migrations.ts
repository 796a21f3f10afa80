import type { MigrationSet } from '@gateway/database';

export const recurringMigrations: MigrationSet = {
  component: 'recurring',
  migrations: [
    {
      version: 1,
      name: 'recurring payments read model',
      sql: `
        CREATE TABLE recurring_payments (
          recurring_payment_id text        PRIMARY KEY,
          business_id          text        NOT NULL,
          mode                 text        NOT NULL CHECK (mode IN ('test', 'live')),
          status               text        NOT NULL CHECK (status IN ('ACTIVE', 'STOPPED', 'PAUSED')),
          snapshot             jsonb       NOT NULL
        );`,
    },
  ],
};
