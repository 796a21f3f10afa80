import type { MigrationSet } from '@gateway/database';

export const ledgerMigrations: MigrationSet = {
  component: 'ledger',
  migrations: [
    {
      version: 1,
      name: 'double-entry journal and balances',
      sql: `
        -- One journal transaction per contract event (keyed by event id: applying twice is a no-op).
        CREATE TABLE ledger_transactions (
          event_id     uuid          PRIMARY KEY,
          business_id  text          NOT NULL,
          mode         text          NOT NULL CHECK (mode IN ('test', 'live')),
          currency     text          NOT NULL,
          kind         text          NOT NULL,
          movement_id  text          NOT NULL,
          stream_name  text          NOT NULL,
          log_commit   numeric(20,0) NOT NULL,
          log_prepare  bigint        NOT NULL,
          occurred_at  timestamptz   NOT NULL
        );
        CREATE INDEX ledger_transactions_business ON ledger_transactions (business_id, mode, currency);
        CREATE INDEX ledger_transactions_log_order ON ledger_transactions (log_commit, log_prepare);

        -- Entries: signed minor units (+ increases the account). Each transaction's lines sum to 0.
        CREATE TABLE ledger_entries (
          event_id    uuid     NOT NULL,
          line        smallint NOT NULL,
          business_id text     NOT NULL,
          mode        text     NOT NULL,
          currency    text     NOT NULL,
          account     text     NOT NULL,
          amount      bigint   NOT NULL,
          PRIMARY KEY (event_id, line)
        );
        CREATE INDEX ledger_entries_account ON ledger_entries (business_id, mode, currency, account);

        -- Running balance per account, kept in the same transaction as the entries.
        CREATE TABLE ledger_balances (
          business_id text          NOT NULL,
          mode        text          NOT NULL,
          currency    text          NOT NULL,
          account     text          NOT NULL,
          balance     numeric(38,0) NOT NULL,
          entries     bigint        NOT NULL,
          PRIMARY KEY (business_id, mode, currency, account)
        );`,
    },
    {
      version: 2,
      name: 'the balance process moves to the ledger',
      // Issue 18: crediting the balance aggregate left the disbursements context's subscription
      // (`disbursements.balance-process`) for the ledger's own (`ledger.balance-process`). The
      // new one starts where the old one was, so a deployment that upgrades neither re-reads
      // its whole log nor misses a settlement the old one had not reached yet.
      sql: `
        INSERT INTO projection_checkpoints (name, commit_pos, prepare_pos, events_seen)
        SELECT 'ledger.balance-process', commit_pos, prepare_pos, events_seen
          FROM projection_checkpoints WHERE name = 'disbursements.balance-process'
        ON CONFLICT (name) DO NOTHING;`,
    },
    {
      version: 3,
      name: 'reconciliation runs',
      // Not a read model: a log of when `ledger reconcile` (or the dashboard's "Reconcile now")
      // ran over which businesses and modes, and its report (the finance page shows the last one).
      sql: `
        CREATE TABLE ledger_reconciliation_runs (
          run_id      bigserial   PRIMARY KEY,
          business_id text,
          mode        text,
          ran_at      timestamptz NOT NULL,
          ok          boolean     NOT NULL,
          report      jsonb       NOT NULL
        );
        CREATE INDEX ledger_reconciliation_runs_latest ON ledger_reconciliation_runs (ran_at DESC);`,
    },
  ],
};
