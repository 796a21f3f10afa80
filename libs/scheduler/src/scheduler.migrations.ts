import type { MigrationSet } from '@gateway/database';

/**
 * Durable timers. Needs `clockMigrations` too: the claim query joins `test_clocks` to
 * compare test-mode due times with the business's virtual clock.
 */
export const schedulerMigrations: MigrationSet = {
  component: 'scheduler',
  migrations: [
    {
      version: 1,
      name: 'scheduled jobs',
      sql: `
        CREATE TABLE scheduled_jobs (
          id           bigserial   PRIMARY KEY,
          job_key      text        UNIQUE,
          kind         text        NOT NULL,
          payload      jsonb       NOT NULL,
          business_id  text,
          mode         text        CHECK (mode IN ('test', 'live')),
          due_at       timestamptz NOT NULL,
          status       text        NOT NULL DEFAULT 'pending'
                                   CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled')),
          attempts     integer     NOT NULL DEFAULT 0,
          max_attempts integer     NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
          locked_by    text,
          locked_until timestamptz,
          last_error   text,
          created_at   timestamptz NOT NULL DEFAULT now(),
          updated_at   timestamptz NOT NULL DEFAULT now(),
          completed_at timestamptz
        );

        -- Jobs due by real time, in due order. Only unfinished jobs: finished ones pile up
        -- and must not slow the claim.
        CREATE INDEX scheduled_jobs_due ON scheduled_jobs (due_at) WHERE status IN ('pending', 'running');

        -- Test jobs made due early by an advanced test clock, looked up per business.
        CREATE INDEX scheduled_jobs_test_due ON scheduled_jobs (business_id, due_at)
          WHERE status = 'pending' AND mode = 'test';

        -- Running jobs whose worker died (lease expired).
        CREATE INDEX scheduled_jobs_leases ON scheduled_jobs (locked_until) WHERE status = 'running';
      `,
    },
  ],
};
