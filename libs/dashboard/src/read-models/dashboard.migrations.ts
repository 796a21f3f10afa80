import type { MigrationSet } from '@gateway/platform';

export const dashboardMigrations: MigrationSet = {
  component: 'dashboard',
  migrations: [
    {
      version: 1,
      name: 'dashboard users, credentials, sessions, sign-in failures',
      sql: `
        -- Read model (projection dashboard.users).
        CREATE TABLE dashboard_users (
          user_id       text        PRIMARY KEY,
          business_id   text        NOT NULL,
          email         text        NOT NULL,
          role          text        NOT NULL,
          created_at    timestamptz NOT NULL,
          last_sign_in  timestamptz,
          removed_at    timestamptz
        );
        CREATE INDEX dashboard_users_business ON dashboard_users (business_id) WHERE removed_at IS NULL;

        -- Not derived from events (like the secrets vault): the password hash never enters the log.
        -- The primary key makes an email unique across businesses, also under concurrent creation.
        CREATE TABLE dashboard_credentials (
          email         text        PRIMARY KEY,
          user_id       text        NOT NULL UNIQUE,
          business_id   text        NOT NULL,
          password_hash text        NOT NULL,
          updated_at    timestamptz NOT NULL
        );

        -- Server-side sessions; the cookie holds a random token, this table only its SHA-256.
        CREATE TABLE dashboard_sessions (
          token_hash    bytea       PRIMARY KEY,
          user_id       text        NOT NULL,
          business_id   text        NOT NULL,
          mode          text        NOT NULL CHECK (mode IN ('test', 'live')),
          csrf_token    text        NOT NULL,
          created_at    timestamptz NOT NULL,
          last_seen_at  timestamptz NOT NULL
        );
        CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id);

        -- Failed sign-ins per account and per client IP, for throttling.
        CREATE TABLE dashboard_sign_in_failures (
          scope         text        NOT NULL,
          failed_at     timestamptz NOT NULL
        );
        CREATE INDEX dashboard_sign_in_failures_scope ON dashboard_sign_in_failures (scope, failed_at);`,
    },
  ],
};
