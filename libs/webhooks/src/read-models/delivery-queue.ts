import { businessNowSql } from '@gateway/clock';
import type { Pool } from 'pg';
import type { NextStep, RetrySchedule } from '../domain/retry-policy';

/** The business clock of delivery row `d` (test mode: real time plus the test-clock offset). */
const DELIVERY_BUSINESS_NOW = businessNowSql('d');

export interface ClaimedDelivery {
  deliveryId: string;
  businessId: string;
  mode: 'test' | 'live';
  kind: string;
  url: string;
  configuredUrl: boolean;
  payload: string;
  schedule: RetrySchedule;
  /** Attempts already recorded; this one is number `attempts + 1`. */
  attempts: number;
  manualResend: boolean;
  firstAttemptAt: Date | null;
  /** The delivery's business clock at claim time: the attempt's recorded time. */
  businessNow: Date;
}

export interface AttemptRecord {
  deliveryId: string;
  workerId: string;
  attemptedAt: Date;
  firstAttemptAt: Date;
  next: NextStep;
  manual: boolean;
  statusCode?: number;
  latencyMs: number;
  responseExcerpt?: string;
  error?: string;
  alert?: { businessId: string; mode: string; kind: string; message: string };
}

interface ClaimedRow {
  delivery_id: string;
  business_id: string;
  mode: 'test' | 'live';
  kind: string;
  url: string;
  configured_url: boolean;
  payload: string;
  schedule: RetrySchedule;
  attempts: number;
  manual_resend: boolean;
  first_attempt_at: Date | null;
  business_now: Date;
}

/** The senders' side of `webhook_deliveries`: claiming due deliveries and recording attempts. */
export class DeliveryQueue {
  constructor(private readonly pool: Pool) {}

  /**
   * Claims up to `limit` due deliveries with SKIP LOCKED, so concurrent senders (in any number
   * of processes) never take the same one. Due: pending and due on its business's clock, or
   * sending with an expired lease (its sender died: the attempt is made again, at least once).
   * At most `perUrlLimit` deliveries to one URL are in flight across all senders, counting
   * those already sending, so one slow receiver cannot take every slot.
   */
  async claimDue(request: {
    limit: number;
    perUrlLimit: number;
    workerId: string;
    leaseMs: number;
  }): Promise<ClaimedDelivery[]> {
    const { rows } = await this.pool.query<ClaimedRow>({
      name: 'webhooks_claim_due',
      text:
        `WITH candidates AS (
           (SELECT delivery_id FROM webhook_deliveries
             WHERE status = 'pending' AND next_attempt_at <= now()
             ORDER BY next_attempt_at LIMIT $1 * 4)
           UNION ALL
           (SELECT d.delivery_id FROM test_clocks c
              JOIN webhook_deliveries d ON d.business_id = c.business_id AND d.mode = 'test' AND d.status = 'pending'
             WHERE c.offset_ms > 0 AND d.next_attempt_at > now() AND d.next_attempt_at ` +
        `<= now() + c.offset_ms * interval '1 millisecond'
             ORDER BY d.next_attempt_at LIMIT $1 * 4)
           UNION ALL
           (SELECT delivery_id FROM webhook_deliveries
             WHERE status = 'sending' AND locked_until < now()
             ORDER BY locked_until LIMIT $1)
         ),
         busy AS (
           SELECT url, count(*) AS sending FROM webhook_deliveries
            WHERE status = 'sending' AND locked_until >= now() GROUP BY url
         ),
         ranked AS (
           SELECT d.delivery_id,
                  row_number() OVER (PARTITION BY d.url ORDER BY d.next_attempt_at NULLS FIRST) + ` +
        `coalesce(b.sending, 0) AS slot
             FROM webhook_deliveries d LEFT JOIN busy b ON b.url = d.url
            WHERE d.delivery_id IN (SELECT delivery_id FROM candidates)
         ),
         claimable AS (
           SELECT d.delivery_id, ${DELIVERY_BUSINESS_NOW} AS business_now
             FROM webhook_deliveries d
            WHERE d.delivery_id IN (SELECT delivery_id FROM ranked WHERE slot <= $4)
              AND (   (d.status = 'pending' AND d.next_attempt_at <= ${DELIVERY_BUSINESS_NOW})
                   OR (d.status = 'sending' AND d.locked_until < now()))
            ORDER BY d.next_attempt_at NULLS FIRST
            LIMIT $1
            FOR UPDATE OF d SKIP LOCKED
         )
         UPDATE webhook_deliveries d
            SET status = 'sending', locked_by = $2, locked_until = now() + $3 * interval '1 millisecond'
           FROM claimable c
          WHERE d.delivery_id = c.delivery_id
      RETURNING d.delivery_id, d.business_id, d.mode, d.kind, d.url, d.configured_url, d.payload, d.schedule, ` +
        `d.attempts,
                d.manual_resend, d.first_attempt_at, c.business_now`,
      values: [request.limit, request.workerId, request.leaseMs, request.perUrlLimit],
    });
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      businessId: row.business_id,
      mode: row.mode,
      kind: row.kind,
      url: row.url,
      configuredUrl: row.configured_url,
      payload: row.payload,
      schedule: row.schedule,
      attempts: row.attempts,
      manualResend: row.manual_resend,
      firstAttemptAt: row.first_attempt_at,
      businessNow: row.business_now,
    }));
  }

  /**
   * Records one attempt and the delivery's next state in one statement. Only the sender that
   * holds the lease may: a sender whose lease expired (and whose delivery another sender took
   * over) records nothing, so the log never shows an attempt twice under one number.
   */
  async record(attempt: AttemptRecord): Promise<boolean> {
    const { next } = attempt;
    const status = next.status;
    const nextAttemptAt = next.status === 'pending' ? next.nextAttemptAt : null;
    const { rows } = await this.pool.query<{ attempts: number }>({
      name: 'webhooks_record_attempt',
      text:
        `WITH updated AS (
           UPDATE webhook_deliveries
              SET status = $3::text, attempts = attempts + 1, next_attempt_at = $4::timestamptz,
                  first_attempt_at = coalesce(first_attempt_at, $5::timestamptz), last_attempt_at = $6::timestamptz,
                  last_status_code = $7::integer, last_error = $8::text, manual_resend = false,
                  locked_by = NULL, locked_until = NULL,
                  finished_at = CASE WHEN $3::text IN ('succeeded', 'failed') THEN $6::timestamptz END
            WHERE delivery_id = $1 AND locked_by = $2 AND status = 'sending'
        RETURNING attempts
         ),
         attempt AS (
           INSERT INTO webhook_attempts
             (delivery_id, attempt, attempted_at, succeeded, status_code, latency_ms, response_excerpt, error, ` +
        `manual, worker_id)
           SELECT $1, attempts, $6::timestamptz, $3::text = 'succeeded', $7::integer, $9::integer, $10::text, ` +
        `$8::text, $11::boolean, $2
             FROM updated
         ),
         alert AS (
           INSERT INTO webhook_alerts (delivery_id, business_id, mode, kind, message, raised_at)
           SELECT $1, $12::text, $13::text, $14::text, $15::text, ` +
        `$6::timestamptz FROM updated WHERE $15::text IS NOT NULL
         )
         SELECT attempts FROM updated`,
      values: [
        attempt.deliveryId,
        attempt.workerId,
        status,
        nextAttemptAt,
        attempt.firstAttemptAt,
        attempt.attemptedAt,
        attempt.statusCode ?? null,
        attempt.error ?? null,
        attempt.latencyMs,
        attempt.responseExcerpt ?? null,
        attempt.manual,
        attempt.alert?.businessId ?? null,
        attempt.alert?.mode ?? null,
        attempt.alert?.kind ?? null,
        attempt.alert?.message ?? null,
      ],
    });
    return rows.length > 0;
  }

  /** Gives a claimed delivery back untouched (the sender is stopping before it sent). */
  async release(deliveryId: string, workerId: string): Promise<void> {
    await this.pool.query(
      `UPDATE webhook_deliveries SET status = 'pending', locked_by = NULL, locked_until = NULL
        WHERE delivery_id = $1 AND locked_by = $2 AND status = 'sending'`,
      [deliveryId, workerId],
    );
  }
}
