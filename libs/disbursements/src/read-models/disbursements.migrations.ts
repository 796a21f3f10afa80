import type { MigrationSet } from '@gateway/database';

export const disbursementsMigrations: MigrationSet = {
  component: 'disbursements',
  migrations: [
    {
      version: 1,
      name: 'disbursements read model',
      sql: `
        CREATE TABLE disbursements (
          disbursement_id     text        PRIMARY KEY,
          business_id         text        NOT NULL,
          mode                text        NOT NULL CHECK (mode IN ('test', 'live')),
          external_id         text        NOT NULL,
          amount              bigint      NOT NULL,
          currency            text        NOT NULL,
          bank_code           text        NOT NULL,
          account_holder_name text        NOT NULL,
          account_number      text        NOT NULL,
          description         text        NOT NULL,
          status              text        NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
          failure_code        text,
          is_instant          boolean     NOT NULL,
          batch_id            text,
          created_at          timestamptz NOT NULL,
          updated_at          timestamptz NOT NULL
        );
        CREATE INDEX disbursements_external_id ON disbursements (business_id, mode, external_id);`,
    },
    {
      version: 2,
      name: 'batch reference and item index',
      // GET /batch_disbursements/{id} (issue 19, item 20): a batch's items, in the batch's order,
      // and its reference. NULL on disbursements created before they were recorded (a rebuild
      // fills them from the events that carry them).
      sql: `
        ALTER TABLE disbursements ADD COLUMN batch_reference text, ADD COLUMN batch_index integer;
        CREATE INDEX disbursements_batch ON disbursements (business_id, mode, batch_id) WHERE batch_id IS NOT NULL;`,
    },
  ],
};
