import type { MigrationSet } from '@gateway/database';

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
    {
      version: 2,
      // The migrator keys applied migrations by (component, version) and checksums only the SQL, so
      // the name (stored once, when applied) can be corrected: it used to say "dashboard form outbox".
      name: 'dashboard lists and money rows (projections), second factor, password resets, mail outbox',
      sql:
        `
        -- Read model (projection dashboard.lists): every list of the dashboard, one row per resource.
        CREATE TABLE dashboard_list_rows (
          business_id  text        NOT NULL,
          mode         text        NOT NULL,
          kind         text        NOT NULL,
          id           text        NOT NULL,
          external_id  text,
          status       text        NOT NULL,
          amount       bigint,
          currency     text,
          channel      text,
          payer_email  text,
          customer     text,
          description  text,
          extra        text,
          listed       boolean     NOT NULL,
          created_at   timestamptz NOT NULL,
          updated_at   timestamptz NOT NULL,
          -- Lower-cased id, external id, payer email, customer and extra text: what the search box matches.
          search       text        NOT NULL,
          data         jsonb,
          PRIMARY KEY (business_id, mode, kind, id)
        );
        -- Keyset paging, newest first, over any set of kinds.
        CREATE INDEX dashboard_list_rows_page ON dashboard_list_rows (business_id, mode, created_at DESC, ` +
        `kind DESC, id DESC);

        -- Read model (projection dashboard.money): the finance page's money facts, one per event.
        CREATE TABLE dashboard_money_rows (
          event_id     uuid        PRIMARY KEY,
          business_id  text        NOT NULL,
          mode         text        NOT NULL,
          currency     text        NOT NULL,
          kind         text        NOT NULL CHECK (kind IN ('sale', 'top_up', 'refund', 'payout')),
          product      text        NOT NULL,
          channel      text,
          gross        bigint      NOT NULL,
          fee          bigint      NOT NULL,
          fee_tax      bigint      NOT NULL,
          net          bigint      NOT NULL,
          occurred_at  timestamptz NOT NULL
        );
        CREATE INDEX dashboard_money_rows_period ON dashboard_money_rows (business_id, mode, currency, occurred_at);

        -- Read model (projection dashboard.users): who signs in with a second step, which teams require it.
        ALTER TABLE dashboard_users ADD COLUMN two_factor boolean NOT NULL DEFAULT false;
        CREATE TABLE dashboard_teams (
          business_id          text    PRIMARY KEY,
          two_factor_required  boolean NOT NULL
        );

        -- Not derived from events (secrets): a one-time password must be changed at first sign-in.
        ALTER TABLE dashboard_credentials ADD COLUMN must_change boolean NOT NULL DEFAULT false;
        -- TOTP secrets (RFC 6238), pending until the first code confirms them; the last time step
        -- used, so a code is accepted once.
        CREATE TABLE dashboard_two_factor (
          user_id     text        PRIMARY KEY,
          secret      bytea       NOT NULL,
          enabled_at  timestamptz,
          last_step   bigint      NOT NULL DEFAULT 0
        );
        -- The second step of a sign-in: the password was right, the code is awaited (hash of the cookie's token).
        CREATE TABLE dashboard_sign_in_challenges (
          token_hash  bytea       PRIMARY KEY,
          user_id     text        NOT NULL,
          business_id text        NOT NULL,
          expires_at  timestamptz NOT NULL,
          attempts    integer     NOT NULL DEFAULT 0
        );
        -- Password reset links (hash of the token in the link), single use.
        CREATE TABLE dashboard_password_resets (
          token_hash  bytea       PRIMARY KEY,
          user_id     text        NOT NULL,
          expires_at  timestamptz NOT NULL,
          used_at     timestamptz
        );
        -- Mail the dashboard sends (password resets): kept here, and sent through SMTP when MAIL_TRANSPORT=smtp.
        CREATE TABLE dashboard_mail_outbox (
          mail_id     bigserial   PRIMARY KEY,
          to_address  text        NOT NULL,
          subject     text        NOT NULL,
          body        text        NOT NULL,
          created_at  timestamptz NOT NULL,
          sent_at     timestamptz,
          error       text
        );`,
    },
    {
      version: 3,
      name: 'dashboard secrets at rest: TOTP secrets encrypted, reset links out of the mail outbox',
      sql: `
        -- TOTP secrets are sealed with AES-256-GCM (the card vault's scheme and keys): the secret
        -- column holds the ciphertext once key_id is set. Rows written before (key_id NULL) are sealed by the
        -- api at start (AccountSecurityStore), since SQL cannot encrypt with the application's keys.
        ALTER TABLE dashboard_two_factor ADD COLUMN key_id text, ADD COLUMN iv bytea, ADD COLUMN auth_tag bytea;

        -- The outbox keeps mail with its reset link redacted. Without SMTP, the one deliverable copy
        -- waits in readable_body until read once or readable_until (the link's own lifetime).
        ALTER TABLE dashboard_mail_outbox ADD COLUMN readable_body text, ADD COLUMN readable_until timestamptz;
        UPDATE dashboard_mail_outbox
           SET body = regexp_replace(body, '/dashboard/password-reset/[A-Za-z0-9_-]+',
                                     '/dashboard/password-reset/[link sent by mail only]', 'g');
        CREATE INDEX dashboard_mail_outbox_created ON dashboard_mail_outbox (created_at);`,
    },
    {
      version: 4,
      name: 'dashboard: top-ups by source, batch previews, slim customer rows, recovery codes',
      sql: `
        -- Test top-ups simulated through a channel other than TEST_TOPUP were counted as sales, with
        -- their source context as the product (projection dashboard.money now checks the source).
        UPDATE dashboard_money_rows SET kind = 'top_up', product = 'top-ups'
         WHERE kind = 'sale' AND product = 'ledger.test-top-up';

        -- A previewed batch file, which its confirmation names by id (a form carrying a 1 MB file
        -- URL-encoded would pass the body limit). Short-lived: purged once expired.
        CREATE TABLE dashboard_batch_previews (
          preview_id  text        PRIMARY KEY,
          business_id text        NOT NULL,
          mode        text        NOT NULL,
          user_id     text        NOT NULL,
          csv         text        NOT NULL,
          expires_at  timestamptz NOT NULL
        );
        CREATE INDEX dashboard_batch_previews_expiry ON dashboard_batch_previews (expires_at);

        -- Customer rows keep only what the list shows and searches (list-row-events.ts listedProfile),
        -- not the whole profile with identity accounts and KYC documents.
        UPDATE dashboard_list_rows
           SET data = jsonb_strip_nulls(jsonb_build_object(
                 'type', data->'type', 'email', data->'email', 'description', data->'description',
                 'mobile_number', data->'mobile_number', 'phone_number', data->'phone_number',
                 'individual_detail', CASE WHEN jsonb_typeof(data->'individual_detail') = 'object' THEN
                   jsonb_strip_nulls(jsonb_build_object('given_names', data->'individual_detail'->'given_names',
                                                        'surname', data->'individual_detail'->'surname')) END,
                 'business_detail', CASE WHEN jsonb_typeof(data->'business_detail') = 'object' THEN
                   jsonb_strip_nulls(jsonb_build_object('business_name',
                                                        data->'business_detail'->'business_name')) END))
         WHERE kind = 'customers' AND data IS NOT NULL;

        -- One-time recovery codes of two-step sign-in (SHA-256 only), shown once at enrolment.
        CREATE TABLE dashboard_recovery_codes (
          user_id    text        NOT NULL,
          code_hash  bytea       NOT NULL,
          used_at    timestamptz,
          PRIMARY KEY (user_id, code_hash)
        );`,
    },
  ],
};
