import type { MigrationSet } from '@gateway/database';

/**
 * The API request log: one row per authenticated request, written in batches after the answer
 * went out. An operational record like the callback deliveries (not derived from events, not
 * rebuildable). `seq` orders the log and is its cursor; `log_id` is what clients see (a bare
 * sequence would tell any tenant how busy the whole gateway is). `created_at` is real time (the
 * database's), what retention compares with; `requested_at` is when the request arrived.
 */
export const requestLogMigrations: MigrationSet = {
  component: 'request-log',
  migrations: [
    {
      version: 1,
      name: 'api request log',
      sql: `
        CREATE TABLE api_request_log (
          seq                      bigserial        PRIMARY KEY,
          log_id                   text             NOT NULL UNIQUE,
          business_id              text             NOT NULL,
          mode                     text             NOT NULL CHECK (mode IN ('test', 'live')),
          key_id                   text             NOT NULL,
          platform_business_id     text,
          request_id               text             NOT NULL,
          client_request_id        text,
          method                   text             NOT NULL,
          route                    text             NOT NULL,
          path                     text             NOT NULL,
          status                   smallint         NOT NULL,
          error_code               text,
          latency_ms               double precision NOT NULL,
          api_version              text,
          request_body             text,
          request_body_truncated   boolean          NOT NULL,
          response_body            text,
          response_body_truncated  boolean          NOT NULL,
          requested_at             timestamptz      NOT NULL,
          created_at               timestamptz      NOT NULL DEFAULT now()
        );
        CREATE INDEX api_request_log_tenant ON api_request_log (business_id, mode, seq DESC);
        CREATE INDEX api_request_log_request ON api_request_log (business_id, mode, request_id);
        CREATE INDEX api_request_log_age ON api_request_log (created_at);
      `,
    },
  ],
};
