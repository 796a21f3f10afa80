import type { MigrationSet } from '@gateway/database';

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
      sql:
        `
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
        CREATE INDEX idempotency_records_test_expiry ON idempotency_records (business_id, ` +
        `expires_at) WHERE mode = 'test';
      `,
    },
    {
      version: 2,
      name: 'idempotency record generation',
      // Which use of the key a record is: the seed of the ids a keyed execution derives
      // (KeyedExecution). NULL on records written before it: a takeover then starts a generation.
      sql: `ALTER TABLE idempotency_records ADD COLUMN generation text;`,
    },
    {
      version: 3,
      name: 'idempotency keys shared by test and live, found by hash',
      // Issue 19, item 13. Keys are unique per business across test and live (spec: "unique across
      // development and production"), and have no length cap: a record is found by the SHA-256 of
      // its key (the same bytes as keyHash() in idempotency-store.ts: the key's UTF-8), which
      // bounds the index entry whatever the key's length. \`mode\` stays: it is the mode that used
      // the key, and a use from the other mode is refused (see IdempotencyInterceptor).
      //
      // Existing records keep working: each gets its hash. Two records of one business with one
      // key, one per mode, cannot both stay under the new key: expired records go first (they
      // already count as absent), then of a pair still live the live-mode record stays and the
      // test-mode one goes (a retry of that test request may then execute again: test effects are
      // simulations, live ones are money). Old processes still running find the old primary key
      // gone: upgrade every api process together (docs/decisions.md).
      sql: `
        ALTER TABLE idempotency_records ADD COLUMN key_hash bytea;
        UPDATE idempotency_records SET key_hash = sha256(convert_to(idempotency_key, 'UTF8'));
        DELETE FROM idempotency_records
         WHERE expires_at <= now() AND (state = 'completed' OR locked_until <= now());
        DELETE FROM idempotency_records t
         USING idempotency_records l
         WHERE t.business_id = l.business_id AND t.key_hash = l.key_hash AND t.mode = 'test' AND l.mode = 'live';
        ALTER TABLE idempotency_records ALTER COLUMN key_hash SET NOT NULL;
        ALTER TABLE idempotency_records DROP CONSTRAINT idempotency_records_pkey;
        ALTER TABLE idempotency_records ADD PRIMARY KEY (business_id, key_hash);
      `,
    },
    {
      version: 4,
      name: 'idempotency claim holder',
      // The holding process's LISTEN session (how its application_name starts, ClaimHolderPresence):
      // a claim whose holder has no session left is a dead request's, taken over without waiting for
      // the lease. NULL: no holder known (older records, a process between connections): the lease decides.
      sql: `ALTER TABLE idempotency_records ADD COLUMN holder text;`,
    },
  ],
};
