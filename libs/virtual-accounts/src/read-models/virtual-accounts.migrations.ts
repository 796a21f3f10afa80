import type { MigrationSet } from '@gateway/database';

export const virtualAccountsMigrations: MigrationSet = {
  component: 'virtual-accounts',
  migrations: [
    {
      version: 1,
      name: 'fixed virtual accounts and their payments',
      sql: `
        CREATE TABLE virtual_accounts (
          va_id        text        PRIMARY KEY,
          business_id  text        NOT NULL,
          mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
          bank_code    text        NOT NULL,
          account_number text      NOT NULL,
          status       text        NOT NULL,
          snapshot     jsonb       NOT NULL,
          updated_at   timestamptz NOT NULL
        );
        CREATE INDEX virtual_accounts_business ON virtual_accounts (business_id, mode, bank_code, account_number);
        CREATE TABLE virtual_account_payments (
          record_id    text        PRIMARY KEY,
          payment_id   text        NOT NULL,
          va_id        text        NOT NULL,
          business_id  text        NOT NULL,
          mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
          payment      jsonb       NOT NULL,
          created_at   timestamptz NOT NULL
        );
        CREATE INDEX virtual_account_payments_payment ON virtual_account_payments (business_id, mode, payment_id);`,
    },
    {
      version: 2,
      name: "payments an invoice claimed (its money and its listing are the invoice's)",
      sql: `ALTER TABLE virtual_account_payments ADD COLUMN claimed_by jsonb;`,
    },
  ],
};
