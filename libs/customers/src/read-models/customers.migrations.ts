import type { MigrationSet } from '@gateway/database';

export const customersMigrations: MigrationSet = {
  component: 'customers',
  migrations: [
    {
      version: 1,
      name: 'customers read model',
      sql: `
        CREATE TABLE customers (
          customer_id  text        PRIMARY KEY,
          business_id  text        NOT NULL,
          mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
          reference_id text        NOT NULL,
          profile      jsonb       NOT NULL,
          created_at   timestamptz NOT NULL,
          updated_at   timestamptz NOT NULL
        );
        -- Lookup by reference, paged by (created_at, customer_id).
        CREATE INDEX customers_reference ON customers (business_id, mode, reference_id, created_at, customer_id);`,
    },
  ],
};
