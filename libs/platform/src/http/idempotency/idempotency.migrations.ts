import type { MigrationSet } from '../../database/migration';

/**
 * The results of keyed POST/PATCH requests (spec: Errors, "Idempotency and retries"). Needs
 * `clockMigrations` too: expiry is compared with the business clock, which joins `test_clocks`.
 */
export const idempotencyMigrations: MigrationSet = {
  component: 'idempotency',
  migrations: [
    {
      version: 1,
      name: 'idempotency records',
      sql: `
        CREATE TABLE idempotency_records (
          -- The authenticated account (the API key's business), not a for-user-id sub-account.
          business_id      text        NOT NULL,
          mode             text        NOT NULL CHECK (mode IN ('test', 'live')),
          idempotency_key  text        NOT NULL,
          -- sha256 of method, route, path parameters, query, for-user-id and canonical body.
          fingerprint      text        NOT NULL,
          state            text        NOT NULL CHECK (state IN ('in_progress', 'completed')),
          -- Who holds the claim: a request whose lease was taken over cannot complete or delete it.
          claim_token      text        NOT NULL,
          response_status  smallint,
          response_headers jsonb,
          -- The JSON text exactly as sent: jsonb would reorder keys, and bodies may be large.
          response_body    text,
          -- created_at and expires_at are on the business clock (test clocks move them).
          created_at       timestamptz NOT NULL,
          expires_at       timestamptz NOT NULL,
          -- Real time: a lease is about a process being alive, not about business time.
          locked_until     timestamptz,
          completed_at     timestamptz,
          PRIMARY KEY (business_id, mode, idempotency_key),
          CHECK (state = 'in_progress' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
        );

        -- The sweeper: records expired by real time...
        CREATE INDEX idempotency_records_expiry ON idempotency_records (expires_at);
        -- ...and test-mode records expired early by an advanced test clock, per business.
        CREATE INDEX idempotency_records_test_expiry ON idempotency_records (business_id, expires_at) WHERE mode = 'test';
      `,
    },
    {
      version: 2,
      name: 'idempotency record generation',
      // Which use of the key a record is: the seed of the ids a keyed execution derives
      // (KeyedExecution). NULL on records written before it: a takeover then starts a generation.
      sql: `ALTER TABLE idempotency_records ADD COLUMN generation text;`,
    },
  ],
};
