import type { MigrationSet } from '@gateway/database';

export const invoicesMigrations: MigrationSet = {
  component: 'invoices',
  migrations: [
    {
      version: 1,
      name: 'invoices read model and payer email outbox',
      sql:
        `
        CREATE TABLE invoices (
          invoice_id           text        PRIMARY KEY,
          business_id          text        NOT NULL,
          mode                 text        NOT NULL CHECK (mode IN ('test', 'live')),
          external_id          text        NOT NULL,
          status               text        NOT NULL CHECK (status IN ('PENDING', 'PAID', 'SETTLED', 'EXPIRED')),
          client_type          text        NOT NULL,
          payment_channel      text,
          recurring_payment_id text,
          created_at           timestamptz NOT NULL,
          paid_at              timestamptz,
          expired_at           timestamptz,
          snapshot             jsonb       NOT NULL
        );
        CREATE INDEX invoices_newest ON invoices (business_id, mode, created_at DESC, invoice_id DESC);
        CREATE INDEX invoices_external_id ON invoices (business_id, mode, external_id);
        CREATE INDEX invoices_recurring ON invoices (business_id, mode, ` +
        `recurring_payment_id) WHERE recurring_payment_id IS NOT NULL;

        CREATE TABLE invoice_emails (
          email_id             text        PRIMARY KEY,
          business_id          text        NOT NULL,
          mode                 text        NOT NULL CHECK (mode IN ('test', 'live')),
          invoice_id           text        NOT NULL,
          recurring_payment_id text,
          template             text        NOT NULL,
          recipient            text        NOT NULL,
          subject              text        NOT NULL,
          text_body            text        NOT NULL,
          created_at           timestamptz NOT NULL
        );
        CREATE INDEX invoice_emails_newest ON invoice_emails (business_id, mode, created_at DESC, email_id DESC);`,
    },
    {
      version: 2,
      name: 'pending invoices by fixed virtual account',
      // A payment into a fixed VA asks which PENDING invoice offers that VA (FindInvoiceClaiming-
      // VirtualAccountHandler): without an index it tested the JSON of every pending invoice of the
      // merchant. Only invoices that offer a fixed VA (the business's own, or with fixed_va a
      // customer's) are indexed, so POOL invoices pay nothing for it.
      sql: `
        CREATE INDEX invoices_pending_fixed_va ON invoices USING gin ((snapshot->'banks') jsonb_path_ops)
          WHERE status = 'PENDING' AND (snapshot ? 'callbackVirtualAccountId' OR snapshot->>'fixedVa' = 'true');`,
    },
    {
      version: 3,
      name: 'POOL number reservations become claims',
      // POOL numbers and retail codes are claimed with the invoice's append now (event-store
      // migration 6, PoolAllocator). Each number's latest reservation stream event becomes its
      // claim (the key is the stream's name), so a number an invoice holds stays its own. Runs after
      // the event-store migrations (libs/bootstrap/src/all-migrations.ts); an EventStoreDB store
      // has no rows here and its reservations stay streams (docs/operations.md). A database without
      // the event store's tables (a read-model test's) has nothing to carry over.
      sql: `
        DO $backfill$
        BEGIN
          IF to_regclass('es_claims') IS NULL THEN RETURN; END IF;
          INSERT INTO es_claims (claim_key, stream_name, held_until, claimed_at)
          SELECT DISTINCT ON (e.stream_name) e.stream_name, 'invoice-' || (e.data->>'invoiceId'),
                 (e.data->>'reservedUntil')::timestamptz, (e.data->>'reservedAt')::timestamptz
            FROM es_events e
           WHERE e.type = 'PoolNumberReserved'
           ORDER BY e.stream_name, e.revision DESC
          ON CONFLICT (claim_key) DO NOTHING;
        END
        $backfill$;`,
    },
  ],
};
