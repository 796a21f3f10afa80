import type { MigrationSet } from '@gateway/database';

/**
 * Anchors over the global log: each row seals every event since the previous anchor (their
 * chain hashes, in global order) into one digest chained to the previous anchor's. Operators
 * copy digests off the database (logs, a notary) so a rewrite of history must also rewrite
 * what left the building.
 */
export const auditMigrations: MigrationSet = {
  component: 'audit',
  migrations: [
    {
      version: 1,
      name: 'anchors over the global log',
      sql: `
        CREATE TABLE audit_anchors (
          anchor_id       bigserial   PRIMARY KEY,
          last_commit     numeric(20) NOT NULL,
          last_prepare    numeric(20) NOT NULL,
          event_count     bigint      NOT NULL,
          total_events    bigint      NOT NULL,
          previous_digest text        NOT NULL,
          digest          text        NOT NULL,
          created_at      timestamptz NOT NULL DEFAULT now()
        );`,
    },
  ],
};
