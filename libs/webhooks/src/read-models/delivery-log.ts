import { businessNowSql, type Mode } from '@gateway/clock';
import { withPooledClient } from '@gateway/database';
import { Injectable } from '@nestjs/common';
import { Pool, type PoolClient } from 'pg';
import { DELIVERIES_CHANNEL } from './callback-dispatcher.projection';
import { WebhookErrors } from '../domain/webhook.errors';

export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryFilters {
  status?: DeliveryStatus;
  kind?: string;
  resourceId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  limit: number;
  /** Cursor: the last id of the previous page (newest first). */
  afterId?: string;
}

export interface AttemptView {
  attempt: number;
  attempted_at: string;
  succeeded: boolean;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  manual: boolean;
}

export interface DeliveryView {
  id: string;
  callback_type: string;
  environment: 'TEST' | 'LIVE';
  status: string;
  event_id: string;
  event_type: string;
  resource_id: string;
  url: string;
  attempts: number;
  next_attempt_at: string | null;
  first_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created: string;
  finished_at: string | null;
}

export interface DeliveryDetailView extends DeliveryView {
  payload: unknown;
  attempt_log: AttemptView[];
  alerts: { message: string; raised_at: string }[];
}

export interface SummaryWindow {
  window_start: string;
  window_end: string;
  succeeded: number;
  failed: number;
}

const SIX_HOURS_MS = 6 * 3_600_000;

/** The fields of a delivery's view that show a column of its row as it is stored. */
type ShownAsStored =
  'status' | 'event_id' | 'event_type' | 'resource_id' | 'url' | 'attempts' | 'last_status_code' | 'last_error';

/** A webhook_deliveries row as DELIVERY_COLUMNS selects it. */
interface DeliveryRow extends Pick<DeliveryView, ShownAsStored> {
  delivery_id: string;
  kind: string;
  mode: Mode;
  next_attempt_at: Date | null;
  first_attempt_at: Date | null;
  last_attempt_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
}

const DELIVERY_COLUMNS =
  `delivery_id, kind, mode, status, event_id, event_type, resource_id, url, attempts, ` +
  `next_attempt_at,
  first_attempt_at, last_attempt_at, last_status_code, last_error, created_at, finished_at`;

/** The business clock of delivery row `d` (test mode: real time plus the test-clock offset). */
const DELIVERY_BUSINESS_NOW = businessNowSql('d');

export const DeliveryErrors = {
  notFound: WebhookErrors.deliveryNotFound,
  inFlight: WebhookErrors.deliveryInFlight,
};

/** What merchants see of their callbacks (the dashboard's delivery log), and manual resends. */
@Injectable()
export class DeliveryLog {
  constructor(private readonly pool: Pool) {}

  async list(
    businessId: string,
    mode: Mode,
    filters: DeliveryFilters,
  ): Promise<{ data: DeliveryView[]; has_more: boolean }> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
        WHERE business_id = $1 AND mode = $2
          AND ($3::text IS NULL OR status = $3)
          AND ($4::text IS NULL OR kind = $4)
          AND ($5::text IS NULL OR resource_id = $5)
          AND ($6::timestamptz IS NULL OR created_at > $6)
          AND ($7::timestamptz IS NULL OR created_at < $7)
          AND ($8::text IS NULL OR seq < (SELECT seq FROM webhook_deliveries WHERE delivery_id = $8 AND business_id ` +
        `= $1 AND mode = $2))
        ORDER BY seq DESC
        LIMIT $9`,
      [
        businessId,
        mode,
        filters.status ?? null,
        filters.kind ?? null,
        filters.resourceId ?? null,
        filters.createdAfter ?? null,
        filters.createdBefore ?? null,
        filters.afterId ?? null,
        filters.limit + 1,
      ],
    );
    return { data: rows.slice(0, filters.limit).map(toView), has_more: rows.length > filters.limit };
  }

  async get(businessId: string, mode: Mode, deliveryId: string): Promise<DeliveryDetailView> {
    const { rows } = await this.pool.query<DeliveryRow & { payload: string }>(
      `SELECT ${DELIVERY_COLUMNS}, payload FROM webhook_deliveries WHERE delivery_id = $1 AND business_id = $2 AND ` +
        `mode = $3`,
      [deliveryId, businessId, mode],
    );
    if (rows.length === 0) throw DeliveryErrors.notFound(deliveryId);
    const [attempts, alerts] = await Promise.all([
      this.pool.query<Omit<AttemptView, 'attempted_at'> & { attempted_at: Date }>(
        `SELECT attempt, attempted_at, succeeded, status_code, latency_ms, response_excerpt, error, manual
           FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`,
        [deliveryId],
      ),
      this.pool.query<{ message: string; raised_at: Date }>(
        'SELECT message, raised_at FROM webhook_alerts WHERE delivery_id = $1 ORDER BY alert_id',
        [deliveryId],
      ),
    ]);
    return {
      ...toView(rows[0]),
      payload: JSON.parse(rows[0].payload) as unknown,
      attempt_log: attempts.rows.map((row) => ({ ...row, attempted_at: row.attempted_at.toISOString() })),
      alerts: alerts.rows.map((row) => ({ message: row.message, raised_at: row.raised_at.toISOString() })),
    };
  }

  /**
   * One more attempt now, with the same `webhook-id` and body. A delivery still in its retry
   * schedule just has its next retry brought forward; a finished one gets a single manual
   * attempt that starts no new schedule.
   */
  async resend(businessId: string, mode: Mode, deliveryId: string, resendId?: string): Promise<DeliveryDetailView> {
    await this.once(resendId, { businessId, mode, deliveryId }, (db) =>
      this.markForResend(db, businessId, mode, deliveryId),
    );
    return this.get(businessId, mode, deliveryId);
  }

  private async markForResend(
    db: Pool | PoolClient,
    businessId: string,
    mode: Mode,
    deliveryId: string,
  ): Promise<number> {
    const { rows } = await db.query<{ status: string }>(
      `WITH target AS (
         SELECT delivery_id, status FROM webhook_deliveries WHERE delivery_id = $1 AND business_id = $2 AND mode = $3
       ),
       resent AS (
         UPDATE webhook_deliveries d
            SET manual_resend = d.status <> 'pending', status = 'pending', ` +
        `next_attempt_at = ${DELIVERY_BUSINESS_NOW}, finished_at = NULL
          WHERE d.delivery_id = (SELECT delivery_id FROM target) AND d.status <> 'sending'
      RETURNING d.delivery_id
       ),
       woken AS (SELECT pg_notify($4, '') FROM resent)
       SELECT t.status, (SELECT count(*) FROM woken) AS woken FROM target t`,
      [deliveryId, businessId, mode, DELIVERIES_CHANNEL],
    );
    if (rows.length === 0) throw DeliveryErrors.notFound(deliveryId);
    if (rows[0].status === 'sending') throw DeliveryErrors.inFlight(deliveryId);
    return 1;
  }

  /** Resends every delivery that ended failed since a time (optionally of one kind). */
  async resendFailedSince(
    businessId: string,
    mode: Mode,
    since: Date,
    kind?: string,
    resendId?: string,
  ): Promise<number> {
    return this.once(resendId, { businessId, mode }, async (db) => {
      const { rowCount } = await db.query(
        `WITH resent AS (
           UPDATE webhook_deliveries d
              SET manual_resend = true, status = 'pending', next_attempt_at = ${DELIVERY_BUSINESS_NOW}, ` +
          `finished_at = NULL
            WHERE business_id = $1 AND mode = $2 AND status = 'failed' AND finished_at >= $3 AND ($4::text IS NULL ` +
          `OR kind = $4)
        RETURNING delivery_id
         )
         SELECT pg_notify($5, '') FROM resent`,
        [businessId, mode, since, kind ?? null, DELIVERIES_CHANNEL],
      );
      return rowCount ?? 0;
    });
  }

  /**
   * Runs a manual resend once per `resendId` (an id the API request minted: inside a keyed request
   * it is derived from the key, so the request executed again after a crash finds its resend done
   * and answers with its count instead of sending the callbacks again). The resend and its record
   * commit together; a concurrent execution with the same id waits for the first and reads its
   * record. Without an id (dashboard, CLI) the resend simply runs.
   */
  private async once(
    resendId: string | undefined,
    target: { businessId: string; mode: Mode; deliveryId?: string },
    resend: (db: Pool | PoolClient) => Promise<number>,
  ): Promise<number> {
    if (resendId === undefined) return resend(this.pool);
    return withPooledClient(this.pool, async (client) => {
      await client.query('BEGIN');
      try {
        const claimed = await client.query(
          `INSERT INTO webhook_manual_resends (resend_id, business_id, mode, delivery_id, resent) VALUES ($1, $2, ` +
            `$3, $4, 0)
           ON CONFLICT (resend_id) DO NOTHING`,
          [resendId, target.businessId, target.mode, target.deliveryId ?? null],
        );
        let resent: number;
        if (claimed.rowCount === 0) {
          resent = (
            await client.query<{ resent: number }>('SELECT resent FROM webhook_manual_resends WHERE resend_id = $1', [
              resendId,
            ])
          ).rows[0].resent;
        } else {
          resent = await resend(client);
          await client.query('UPDATE webhook_manual_resends SET resent = $2 WHERE resend_id = $1', [resendId, resent]);
        }
        await client.query('COMMIT');
        return resent;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * Attempts that succeeded and failed per 6-hour window (UTC, aligned to 00:00, 06:00, ...):
   * the numbers behind the spec's six-hourly callback digest.
   */
  async summary(businessId: string, mode: Mode, from: Date, to: Date): Promise<SummaryWindow[]> {
    const { rows } = await this.pool.query<{ window_start: Date; succeeded: string; failed: string }>(
      `SELECT to_timestamp(floor(extract(epoch FROM a.attempted_at) / 21600) * 21600) AS window_start,
              count(*) FILTER (WHERE a.succeeded) AS succeeded,
              count(*) FILTER (WHERE NOT a.succeeded) AS failed
         FROM webhook_attempts a JOIN webhook_deliveries d ON d.delivery_id = a.delivery_id
        WHERE d.business_id = $1 AND d.mode = $2 AND a.attempted_at >= $3 AND a.attempted_at < $4
        GROUP BY 1 ORDER BY 1`,
      [businessId, mode, from, to],
    );
    return rows.map((row) => ({
      window_start: row.window_start.toISOString(),
      window_end: new Date(row.window_start.getTime() + SIX_HOURS_MS).toISOString(),
      succeeded: Number(row.succeeded),
      failed: Number(row.failed),
    }));
  }
}

function toView(row: DeliveryRow): DeliveryView {
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    id: row.delivery_id,
    callback_type: row.kind,
    environment: row.mode === 'live' ? 'LIVE' : 'TEST',
    status: row.status,
    event_id: row.event_id,
    event_type: row.event_type,
    resource_id: row.resource_id,
    url: row.url,
    attempts: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    first_attempt_at: iso(row.first_attempt_at),
    last_attempt_at: iso(row.last_attempt_at),
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created: row.created_at.toISOString(),
    finished_at: iso(row.finished_at),
  };
}
