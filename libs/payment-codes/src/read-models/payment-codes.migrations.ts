import type { MigrationSet } from '@gateway/database';

export const paymentCodesMigrations: MigrationSet = {
  component: 'payment-codes',
  migrations: [
    {
      version: 1,
      name: 'fixed payment codes and their payments',
      sql:
        `
        CREATE TABLE fixed_payment_codes (
          fpc_id       text        PRIMARY KEY,
          business_id  text        NOT NULL,
          mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
          retail_outlet_name text  NOT NULL,
          payment_code text        NOT NULL,
          status       text        NOT NULL,
          snapshot     jsonb       NOT NULL,
          updated_at   timestamptz NOT NULL
        );
        CREATE INDEX fixed_payment_codes_business ON fixed_payment_codes (business_id, mode, retail_outlet_name, ` +
        `payment_code);
        CREATE TABLE fixed_payment_code_payments (
          record_id    text        PRIMARY KEY,
          payment_id   text        NOT NULL,
          fpc_id       text        NOT NULL,
          business_id  text        NOT NULL,
          mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
          payment      jsonb       NOT NULL,
          created_at   timestamptz NOT NULL
        );
        CREATE INDEX fixed_payment_code_payments_code ON fixed_payment_code_payments (fpc_id, created_at);`,
    },
  ],
};
