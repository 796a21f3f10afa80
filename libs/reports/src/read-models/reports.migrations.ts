import type { MigrationSet } from '@gateway/database';

export const reportsMigrations: MigrationSet = {
  component: 'reports',
  migrations: [
    {
      version: 1,
      name: 'reports, their contents and the link key',
      sql: `
        -- Read model (projection reports.reports).
        CREATE TABLE reports (
          report_id        text        PRIMARY KEY,
          business_id      text        NOT NULL,
          mode             text        NOT NULL CHECK (mode IN ('test', 'live')),
          type             text        NOT NULL,
          format           text        NOT NULL,
          currency         text        NOT NULL,
          filter_from      timestamptz NOT NULL,
          filter_to        timestamptz NOT NULL,
          status           text        NOT NULL,
          attempt          integer     NOT NULL,
          rows             integer,
          size_bytes       bigint,
          link_expires_at  timestamptz,
          failure_reason   text,
          created_at       timestamptz NOT NULL,
          updated_at       timestamptz NOT NULL
        );
        CREATE INDEX reports_business ON reports (business_id, mode, created_at DESC);

        -- Write-side storage of generated files, NOT a projection (like file bytes: never in
        -- events). Written in chunks as the generator streams, read back chunk by chunk.
        CREATE TABLE report_contents (
          report_id text    NOT NULL,
          seq       integer NOT NULL,
          data      bytea   NOT NULL,
          PRIMARY KEY (report_id, seq)
        );

        -- The key download links are signed with: one random key per installation, shared by
        -- every process through the database, so no setting is needed.
        CREATE TABLE report_link_keys (
          key_id  smallint PRIMARY KEY CHECK (key_id = 1),
          secret  text     NOT NULL
        );
      `,
    },
  ],
};
