import type { MigrationSet } from '@gateway/database';

/**
 * Deliveries are operational records, not a rebuildable read model: their attempts happened
 * and cannot be replayed. The dispatcher creates one row per event and endpoint (idempotent
 * on the delivery id) in the transaction that moves its checkpoint.
 *
 * Times named `*_at` that drive retries are on the business clock (test mode: real time plus
 * the business's test-clock offset), so advancing a test clock makes retries due at once.
 * `locked_until` is real time: leases are about processes, not businesses.
 */
export const webhooksMigrations: MigrationSet = {
  component: 'webhooks',
  migrations: [
    {
      version: 1,
      name: 'webhook deliveries and attempts',
      sql: `
        CREATE TABLE webhook_deliveries (
          delivery_id      text        PRIMARY KEY,
          seq              bigserial   NOT NULL UNIQUE,
          business_id      text        NOT NULL,
          mode             text        NOT NULL CHECK (mode IN ('test', 'live')),
          kind             text        NOT NULL,
          event_id         text        NOT NULL,
          event_type       text        NOT NULL,
          resource_id      text        NOT NULL,
          url              text        NOT NULL,
          configured_url   boolean     NOT NULL,
          payload          text        NOT NULL,
          schedule         text        NOT NULL CHECK (schedule IN ('standard', 'legacy')),
          status           text        NOT NULL CHECK (status IN ('pending', 'sending', 'succeeded', 'failed')),
          attempts         integer     NOT NULL DEFAULT 0,
          manual_resend    boolean     NOT NULL DEFAULT false,
          next_attempt_at  timestamptz,
          first_attempt_at timestamptz,
          last_attempt_at  timestamptz,
          last_status_code integer,
          last_error       text,
          locked_by        text,
          locked_until     timestamptz,
          created_at       timestamptz NOT NULL,
          finished_at      timestamptz
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
        CREATE INDEX webhook_deliveries_test_due ON webhook_deliveries (business_id, next_attempt_at)
          WHERE status = 'pending' AND mode = 'test';
        CREATE INDEX webhook_deliveries_sending ON webhook_deliveries (locked_until) WHERE status = 'sending';
        CREATE INDEX webhook_deliveries_log ON webhook_deliveries (business_id, mode, seq DESC);
        CREATE INDEX webhook_deliveries_resource ON webhook_deliveries (business_id, mode, resource_id);

        CREATE TABLE webhook_attempts (
          delivery_id      text        NOT NULL REFERENCES webhook_deliveries (delivery_id),
          attempt          integer     NOT NULL,
          attempted_at     timestamptz NOT NULL,
          succeeded        boolean     NOT NULL,
          status_code      integer,
          latency_ms       integer     NOT NULL,
          response_excerpt text,
          error            text,
          manual           boolean     NOT NULL,
          worker_id        text        NOT NULL,
          PRIMARY KEY (delivery_id, attempt)
        );
        CREATE INDEX webhook_attempts_time ON webhook_attempts (attempted_at);

        -- Spec: after the third failed VA or payment-code callback "an internal alert is raised".
        CREATE TABLE webhook_alerts (
          alert_id    bigserial   PRIMARY KEY,
          delivery_id text        NOT NULL REFERENCES webhook_deliveries (delivery_id),
          business_id text        NOT NULL,
          mode        text        NOT NULL,
          kind        text        NOT NULL,
          message     text        NOT NULL,
          raised_at   timestamptz NOT NULL
        );
      `,
    },
    {
      version: 2,
      name: 'manual resends of API requests',
      // One row per manual resend the API made (POST /callback_deliveries/...), committed with the
      // resend: a keyed request executed again after a crash finds it and sends nothing twice.
      sql: `
        CREATE TABLE webhook_manual_resends (
          resend_id    text        PRIMARY KEY,
          business_id  text        NOT NULL,
          mode         text        NOT NULL,
          -- NULL for a resend of every failed delivery since a time.
          delivery_id  text,
          resent       integer     NOT NULL,
          requested_at timestamptz NOT NULL DEFAULT now()
        );
      `,
    },
    {
      version: 3,
      name: 'listen: test-mode callbacks streamed to a developer machine',
      // `cli listen` and the dashboard's listen page (issue 20): while a business has a listener
      // (active_until ahead), the dispatcher also writes each of its test-mode callbacks here,
      // rendered once like a delivery, whatever URLs are configured. Rows live an hour.
      sql: `
        CREATE TABLE webhook_listen_secrets (
          business_id text        PRIMARY KEY,
          -- whsec_...: what listen signs the forwarded callbacks with, the same across restarts.
          secret      text        NOT NULL,
          created_at  timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE webhook_listeners (
          business_id  text        PRIMARY KEY,
          active_until timestamptz NOT NULL
        );
        CREATE TABLE webhook_listen_messages (
          seq          bigserial   PRIMARY KEY,
          message_id   text        NOT NULL UNIQUE,
          business_id  text        NOT NULL,
          kind         text        NOT NULL,
          event_id     text        NOT NULL,
          event_type   text        NOT NULL,
          resource_id  text        NOT NULL,
          payload      text        NOT NULL,
          -- When the event happened (business clock) and when the row was written (real time).
          occurred_at  timestamptz NOT NULL,
          created_at   timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX webhook_listen_messages_business ON webhook_listen_messages (business_id, seq);
        CREATE INDEX webhook_listen_messages_age ON webhook_listen_messages (created_at);
      `,
    },
  ],
};
