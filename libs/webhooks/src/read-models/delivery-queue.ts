import { businessNowSql } from '@gateway/clock';
import { LookupCombiner } from '@gateway/database';
import type { Pool } from 'pg';
import type { NextStep, RetrySchedule } from '../domain/retry-policy';

/** The business clock of delivery row `d` (test mode: real time plus the test-clock offset). */
const DELIVERY_BUSINESS_NOW = businessNowSql('d');

/**
 * Claims up to `$1` due deliveries for sender `$2`, leased for `$3` ms, at most `$4` in flight to one
 * URL (see `claimDue`). Its work does not grow with the deliveries waiting for a later retry (a
 * receiver down for a day holds thousands): the test-clock branch looks deliveries up per advanced
 * clock (LATERAL, through `webhook_deliveries_test_due`), and `ranked` and `claimable` take their ids
 * as arrays (primary-key look-ups) instead of `IN (subquery)`, which the planner ran as a scan of
 * every pending delivery (docs/decisions.md, "A job poll's cost does not grow with the backlog").
 */
export const CLAIM_DUE_DELIVERIES_SQL =
  `WITH candidates AS (
     (SELECT delivery_id FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at LIMIT $1 * 4)
     UNION ALL
     (SELECT d.delivery_id FROM test_clocks c
       CROSS JOIN LATERAL (
         SELECT d.delivery_id, d.next_attempt_at FROM webhook_deliveries d
          WHERE d.business_id = c.business_id AND d.mode = 'test' AND d.status = 'pending'
            AND d.next_attempt_at > now() AND d.next_attempt_at ` +
  `<= now() + c.offset_ms * interval '1 millisecond'
          ORDER BY d.next_attempt_at LIMIT $1 * 4) d
       WHERE c.offset_ms > 0
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
      WHERE d.delivery_id = ANY (ARRAY(SELECT delivery_id FROM candidates))
   ),
   claimable AS (
     SELECT d.delivery_id, ${DELIVERY_BUSINESS_NOW} AS business_now
       FROM webhook_deliveries d
      WHERE d.delivery_id = ANY (ARRAY(SELECT delivery_id FROM ranked WHERE slot <= $4))
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
   RETURNING d.delivery_id, d.business_id, d.mode, d.kind, d.url, d.configured_url, d.payload, d.schedule,
             d.attempts, d.manual_resend, d.first_attempt_at, c.business_now`;

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
  /** Attempts that finish together, recorded in one statement. */
  private readonly recordings = new LookupCombiner<boolean | Error>((keys) => this.recordTogether(keys));
  private readonly attemptsToRecord = new Map<string, AttemptRecord>();
  private nextRecordKey = 0;

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
      text: CLAIM_DUE_DELIVERIES_SQL,
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
   * Records one attempt and the delivery's next state. Only the sender that holds the lease may: a
   * sender whose lease expired (and whose delivery another sender took over) records nothing, so
   * the log never shows an attempt twice under one number. Attempts that finish together are
   * recorded in one statement (at a few hundred callbacks a second, one round trip and commit
   * each cost more than the rows).
   */
  async record(attempt: AttemptRecord): Promise<boolean> {
    const key = String(this.nextRecordKey++);
    this.attemptsToRecord.set(key, attempt);
    const outcome = await this.recordings.load(key);
    if (outcome instanceof Error) throw outcome;
    return outcome === true;
  }

  private async recordTogether(keys: string[]): Promise<Map<string, boolean | Error>> {
    const attempts = keys.map((key) => {
      const attempt = this.attemptsToRecord.get(key)!;
      this.attemptsToRecord.delete(key);
      return [key, attempt] as const;
    });
    type Outcome = readonly [key: string, recorded: boolean | Error];
    const outcomesOf = async (batch: (readonly [string, AttemptRecord])[]): Promise<Outcome[]> => {
      const recorded = await this.recordAttempts(batch.map(([, attempt]) => attempt));
      return batch.map(([key, attempt]) => [key, recorded.has(attempt.deliveryId)]);
    };
    try {
      return new Map(await outcomesOf(attempts));
    } catch (error) {
      if (attempts.length === 1) return new Map([[attempts[0][0], error as Error]]);
      // One attempt the database refuses must not cost the others their record: each alone, as before.
      const alone = await Promise.all(
        attempts.map((entry) =>
          outcomesOf([entry]).then(
            ([outcome]) => outcome,
            (failed: Error): Outcome => [entry[0], failed],
          ),
        ),
      );
      return new Map(alone);
    }
  }

  /** The deliveries whose attempt was recorded (their sender still held the lease). */
  private async recordAttempts(attempts: AttemptRecord[]): Promise<Set<string>> {
    const column = <T>(value: (attempt: AttemptRecord) => T) => attempts.map(value);
    const { rows } = await this.pool.query<{ delivery_id: string }>({
      name: 'webhooks_record_attempts',
      text:
        `WITH input AS (
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], ` +
        `$6::timestamptz[], $7::integer[], $8::text[], $9::integer[], $10::text[], $11::boolean[], $12::text[], ` +
        `$13::text[], $14::text[], $15::text[])
             AS i (delivery_id, worker_id, status, next_attempt_at, first_attempt_at, attempted_at, status_code, ` +
        `error, latency_ms, response_excerpt, manual, alert_business_id, alert_mode, alert_kind, alert_message)
         ),
         updated AS (
           UPDATE webhook_deliveries d
              SET status = i.status, attempts = d.attempts + 1, next_attempt_at = i.next_attempt_at,
                  first_attempt_at = coalesce(d.first_attempt_at, i.first_attempt_at), ` +
        `last_attempt_at = i.attempted_at,
                  last_status_code = i.status_code, last_error = i.error, manual_resend = false,
                  locked_by = NULL, locked_until = NULL,
                  finished_at = CASE WHEN i.status IN ('succeeded', 'failed') THEN i.attempted_at END
             FROM input i
            WHERE d.delivery_id = i.delivery_id AND d.locked_by = i.worker_id AND d.status = 'sending'
        RETURNING d.delivery_id, d.attempts
         ),
         attempt AS (
           INSERT INTO webhook_attempts
             (delivery_id, attempt, attempted_at, succeeded, status_code, latency_ms, response_excerpt, error, ` +
        `manual, worker_id)
           SELECT u.delivery_id, u.attempts, i.attempted_at, i.status = 'succeeded', i.status_code, i.latency_ms, ` +
        `i.response_excerpt, i.error, i.manual, i.worker_id
             FROM updated u JOIN input i USING (delivery_id)
         ),
         alert AS (
           INSERT INTO webhook_alerts (delivery_id, business_id, mode, kind, message, raised_at)
           SELECT i.delivery_id, i.alert_business_id, i.alert_mode, i.alert_kind, i.alert_message, i.attempted_at
             FROM updated u JOIN input i USING (delivery_id)
            WHERE i.alert_message IS NOT NULL
         )
         SELECT delivery_id FROM updated`,
      values: [
        column((a) => a.deliveryId),
        column((a) => a.workerId),
        column((a) => a.next.status),
        column((a) => (a.next.status === 'pending' ? a.next.nextAttemptAt : null)),
        column((a) => a.firstAttemptAt),
        column((a) => a.attemptedAt),
        column((a) => a.statusCode ?? null),
        column((a) => a.error ?? null),
        column((a) => a.latencyMs),
        column((a) => a.responseExcerpt ?? null),
        column((a) => a.manual),
        column((a) => a.alert?.businessId ?? null),
        column((a) => a.alert?.mode ?? null),
        column((a) => a.alert?.kind ?? null),
        column((a) => a.alert?.message ?? null),
      ],
    });
    return new Set(rows.map((row) => row.delivery_id));
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
