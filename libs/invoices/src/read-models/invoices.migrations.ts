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
  ],
};
