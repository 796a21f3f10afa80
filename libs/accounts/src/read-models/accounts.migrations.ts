import type { MigrationSet } from '@gateway/database';

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
    {
      version: 2,
      name: 'platform businesses, api keys, settings, secrets vault',
      sql: `
        ALTER TABLE businesses
          ADD COLUMN is_platform        boolean NOT NULL DEFAULT false,
          ADD COLUMN parent_business_id text;
        CREATE INDEX businesses_parent ON businesses (parent_business_id) WHERE parent_business_id IS NOT NULL;

        -- Read model: what the auth guard looks keys up in (by hash; the key itself is never stored).
        CREATE TABLE api_keys (
          key_id      text        PRIMARY KEY,
          business_id text        NOT NULL,
          mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
          kind        text        NOT NULL CHECK (kind IN ('secret', 'public')),
          name        text        NOT NULL,
          permissions text[]      NOT NULL,
          key_hash    bytea       NOT NULL UNIQUE,
          key_hint    text        NOT NULL,
          created_at  timestamptz NOT NULL,
          revoked_at  timestamptz
        );
        CREATE INDEX api_keys_business ON api_keys (business_id, mode);

        CREATE TABLE business_settings (
          business_id       text        NOT NULL,
          mode              text        NOT NULL CHECK (mode IN ('test', 'live')),
          settings          jsonb       NOT NULL DEFAULT '{}',
          callback_token_id text,
          updated_at        timestamptz NOT NULL,
          PRIMARY KEY (business_id, mode)
        );

        -- Write-side vault, NOT a projection: secret values that must be sent later (the callback
        -- token) and so cannot be hashed. Events reference them by id; nothing else copies them.
        CREATE TABLE business_secrets (
          secret_id   text        PRIMARY KEY,
          business_id text        NOT NULL,
          mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
          purpose     text        NOT NULL,
          value       text        NOT NULL,
          created_at  timestamptz NOT NULL DEFAULT now()
        );`,
    },
    {
      version: 3,
      name: 'callback endpoints',
      sql: `
        -- Read model: per business, mode and callback kind, the signing secret (by vault id) and
        -- whether the configured URL was disabled by a 410 Gone. URLs stay in business_settings.
        CREATE TABLE callback_endpoints (
          business_id       text        NOT NULL,
          mode              text        NOT NULL CHECK (mode IN ('test', 'live')),
          kind              text        NOT NULL,
          signing_secret_id text,
          disabled_url      text,
          disabled_reason   text,
          disabled_at       timestamptz,
          updated_at        timestamptz NOT NULL,
          PRIMARY KEY (business_id, mode, kind)
        );`,
    },
  ],
};
