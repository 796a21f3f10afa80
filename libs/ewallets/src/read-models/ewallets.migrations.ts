import type { MigrationSet } from '@gateway/database';

export const ewalletsMigrations: MigrationSet = {
  component: 'ewallets',
  migrations: [
    {
      version: 1,
      name: 'eWallet payments read model',
      sql: `
        CREATE TABLE ewallet_payments (
          payment_id      text        PRIMARY KEY,
          stream_name     text        NOT NULL,
          business_id     text        NOT NULL,
          mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
          ewallet_type    text        NOT NULL,
          external_id     text        NOT NULL,
          amount          bigint      NOT NULL,
          currency        text        NOT NULL,
          phone           text,
          callback_url    text,
          redirect_url    text,
          items           jsonb,
          checkout_token  text        UNIQUE,
          api_version     text        NOT NULL,
          status          text        NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED', 'EXPIRED')),
          failure_code    text,
          expires_at      timestamptz,
          created_at      timestamptz NOT NULL,
          decided_at      timestamptz,
          UNIQUE (business_id, mode, ewallet_type, external_id)
        );`,
    },
    {
      version: 2,
      name: 'payments another resource recorded the money of (an invoice lists them as its own)',
      sql: `ALTER TABLE ewallet_payments ADD COLUMN money_recorded_by jsonb;`,
    },
  ],
};
