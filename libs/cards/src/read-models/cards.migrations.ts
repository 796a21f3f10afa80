import type { MigrationSet } from '@gateway/database';

/**
 * The card vault (not a read model: written by the tokenization handler, never rebuilt from
 * events, which never hold a card number) and the read models of tokens, authentications,
 * charges and refunds (masked numbers only).
 */
export const cardsMigrations: MigrationSet = {
  component: 'cards',
  migrations: [
    {
      version: 1,
      name: 'card vault and card read models',
      sql: `
        CREATE TABLE card_vault (
          vault_id    text        PRIMARY KEY,
          business_id text        NOT NULL,
          mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
          key_id      text        NOT NULL,
          iv          bytea       NOT NULL,
          ciphertext  bytea       NOT NULL,
          auth_tag    bytea       NOT NULL,
          created_at  timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX card_vault_key_id ON card_vault (key_id);

        CREATE TABLE card_tokens (
          token_id                  text        PRIMARY KEY,
          business_id               text        NOT NULL,
          mode                      text        NOT NULL,
          masked_card_number        text        NOT NULL,
          card_brand                text        NOT NULL,
          is_multiple_use           boolean     NOT NULL,
          three_ds_profile          text        NOT NULL,
          status                    text        NOT NULL,
          bundled_authentication_id text,
          charges                   integer     NOT NULL DEFAULT 0,
          created_at                timestamptz NOT NULL,
          updated_at                timestamptz NOT NULL
        );

        CREATE TABLE card_authentications (
          authentication_id  text        PRIMARY KEY,
          token_id           text        NOT NULL,
          business_id        text        NOT NULL,
          mode               text        NOT NULL,
          amount             bigint      NOT NULL,
          bundled            boolean     NOT NULL,
          status             text        NOT NULL CHECK (status IN ('IN_REVIEW', 'VERIFIED', 'FAILED')),
          masked_card_number text        NOT NULL,
          three_ds_profile   text        NOT NULL,
          failure_reason     text,
          created_at         timestamptz NOT NULL,
          updated_at         timestamptz NOT NULL
        );

        CREATE TABLE card_charges (
          charge_id               text        PRIMARY KEY,
          business_id             text        NOT NULL,
          mode                    text        NOT NULL,
          token_id                text        NOT NULL,
          authentication_id       text,
          external_id             text        NOT NULL,
          status                  text        NOT NULL,
          authorized_amount       bigint      NOT NULL,
          capture_amount          bigint,
          currency                text        NOT NULL,
          masked_card_number      text        NOT NULL,
          card_brand              text        NOT NULL,
          card_type               text        NOT NULL,
          charge_type             text        NOT NULL,
          eci                     text        NOT NULL,
          merchant_reference_code text        NOT NULL,
          bank_reconciliation_id  text        NOT NULL,
          failure_reason          text,
          created_at              timestamptz NOT NULL,
          updated_at              timestamptz NOT NULL
        );
        CREATE INDEX card_charges_external_id ON card_charges (business_id, mode, external_id);

        CREATE TABLE card_refunds (
          refund_id         text        PRIMARY KEY,
          charge_id         text        NOT NULL,
          business_id       text        NOT NULL,
          mode              text        NOT NULL,
          external_id       text        NOT NULL,
          amount            bigint      NOT NULL,
          currency          text        NOT NULL,
          fee_refund_amount bigint      NOT NULL,
          status            text        NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
          failure_reason    text,
          created_at        timestamptz NOT NULL,
          updated_at        timestamptz NOT NULL
        );
        CREATE INDEX card_refunds_charge ON card_refunds (charge_id);`,
    },
    {
      version: 2,
      name: 'charges another resource recorded the money of (an invoice lists them as its own)',
      sql: `ALTER TABLE card_charges ADD COLUMN money_recorded_by jsonb;`,
    },
  ],
};
