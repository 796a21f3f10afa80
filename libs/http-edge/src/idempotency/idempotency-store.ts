import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Mode } from '@gateway/clock';
import type { RecordedResponse } from './recorded-response';

/**
 * One key of one account, used from one mode. Keys never collide across businesses; within a
 * business a key is one key in test and live alike (spec: "unique across development and
 * production"): the record remembers the mode that used it.
 */
export interface IdempotencyScope {
  businessId: string;
  mode: Mode;
  key: string;
}

/**
 * What a record is found by: the SHA-256 of the key's UTF-8 bytes, whatever the key's length (idempotency migration 3).
 */
export function keyHash(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** The right to run the request and record its result; lost if the lease is taken over. */
export interface IdempotencyClaim extends IdempotencyScope {
  token: string;
  /**
   * Which use of the key this is: random for a new request, the same when a retry takes over a
   * claim whose process died or hung (so the retry re-executes the SAME request and derives the
   * same ids, see KeyedExecution), new again when an expired key is used for a new request.
   */
  generation: string;
}

/**
 * `mode`: the mode that used the key; another than the claimant's means the key was used by a
 * request of the other mode (which never takes over or replays across modes).
 */
export type ClaimOutcome =
  | { claimed: true; claim: IdempotencyClaim }
  /** `leaseExpired`: the holder is presumed dead, but the retry's parameters differ, so it may not take over. */
  | { claimed: false; mode: Mode; state: 'in_progress'; fingerprint: string; leaseExpired: boolean }
  | { claimed: false; mode: Mode; state: 'completed'; fingerprint: string; response: RecordedResponse };

export interface IdempotencyTiming {
  /** How long a key is kept, on the business clock. */
  ttlMs: number;
  /** How long a claim holds before another request may take it over (its process is presumed dead). */
  leaseMs: number;
}

interface ClaimRow {
  claimed: boolean;
  generation: string | null;
  mode: Mode | null;
  state: 'in_progress' | 'completed' | null;
  lease_expired: boolean | null;
  fingerprint: string | null;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

/**
 * The business clock in SQL, as BusinessClock computes it (real time, plus the test_clocks
 * offset in test mode), so that the claim stays one round trip. $1 is the business, $2 the mode.
 */
const BUSINESS_NOW = `(now() + coalesce(
  (SELECT c.offset_ms FROM test_clocks c WHERE $2::text = 'test' AND c.business_id = $1), 0
) * interval '1 millisecond')`;

/**
 * The business clock of the record being claimed (`r`), in its own mode: a key used in test mode
 * expires on that business's test clock, whichever mode claims it next.
 */
const RECORD_NOW = `(now() + CASE WHEN r.mode = 'test' THEN coalesce(
  (SELECT c.offset_ms FROM test_clocks c WHERE c.business_id = r.business_id), 0
) ELSE 0 END * interval '1 millisecond')`;

/**
 * The claim's process is gone: it named its LISTEN session (`holder`, ClaimHolderPresence) and no
 * session of the cluster has that name any more. Asked only of a key found in flight.
 */
const HOLDER_GONE = `(r.holder IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM pg_stat_activity a WHERE starts_with(a.application_name, r.holder)))`;

/** The claim's holder is presumed dead: its lease ran out, or its process is gone. */
const HOLDER_PRESUMED_DEAD = `(r.locked_until <= now() OR ${HOLDER_GONE})`;

/** The record counts as absent: expired on its own clock, and not held by a live claim. */
const RECORD_EXPIRED = `(r.expires_at <= ${RECORD_NOW} AND (r.state = 'completed' OR r.locked_until <= now()))`;

/**
 * The same request again, from the same mode, while its claim is in flight and its holder presumed dead: a takeover.
 */
const SAME_REQUEST_TAKEOVER = `(r.state = 'in_progress' AND ${HOLDER_PRESUMED_DEAD}
  AND r.fingerprint = EXCLUDED.fingerprint AND r.mode = EXCLUDED.mode AND NOT ${RECORD_EXPIRED})`;

/** A claim that races with a concurrent one can find nothing to read; it then simply tries again. */
const MAX_CLAIM_ATTEMPTS = 3;

/** The `idempotency_records` table. */
export class IdempotencyStore {
  constructor(
    private readonly pool: Pool,
    private readonly timing: IdempotencyTiming,
    /** This process's claim-holder name while it can be seen (ClaimHolderPresence); none: leases alone. */
    private readonly holder: () => string | undefined = () => undefined,
  ) {}

  /**
   * Claims the key in one statement, atomic under concurrency: an INSERT that, on conflict,
   * only takes the record over when it counts as absent (completed and expired on the business
   * clock, so the key may be reused; or in flight with an expired lease or a holder whose process
   * is gone, so its request died),
   * the row lock making concurrent takeovers serialise. When the key is held, the same
   * statement returns the record, so a replay is one round trip too. (ON CONFLICT locks the
   * existing row even when it does not update it, so replays of one key queue for a moment.)
   *
   * Taking over an in-flight claim keeps its generation, and only happens for the same
   * parameters: the retry is the same request, and re-executes it with the same derived ids. A
   * request with other parameters must not inherit them (it would be answered with the first
   * request's effect), so it is refused instead, like any other reuse with other parameters.
   */
  async claim(scope: IdempotencyScope, fingerprint: string): Promise<ClaimOutcome> {
    const token = randomUUID();
    const generation = randomUUID();
    const hash = keyHash(scope.key);
    for (let attempt = 1; attempt <= MAX_CLAIM_ATTEMPTS; attempt++) {
      const { rows } = await this.pool.query<ClaimRow>(
        `WITH claimed AS (
           INSERT INTO idempotency_records AS r
             (business_id, key_hash, mode, idempotency_key, fingerprint, state, claim_token, generation, ` +
          `created_at, expires_at, locked_until, holder)
           SELECT $1, $9, $2, $3, $4, 'in_progress', $5, $8, b.now, b.now + $6 * interval '1 millisecond',
                  now() + $7 * interval '1 millisecond', $10
             FROM (SELECT ${BUSINESS_NOW} AS now) b
           ON CONFLICT (business_id, key_hash) DO UPDATE
             SET mode = EXCLUDED.mode, idempotency_key = EXCLUDED.idempotency_key,
                 fingerprint = EXCLUDED.fingerprint, state = 'in_progress', claim_token = EXCLUDED.claim_token,
                 -- The same request again (a takeover of a live key) keeps its generation and its age.
                 generation = CASE WHEN ${SAME_REQUEST_TAKEOVER} THEN coalesce(r.generation, ` +
          `EXCLUDED.generation) ELSE EXCLUDED.generation END,
                 created_at = CASE WHEN ${SAME_REQUEST_TAKEOVER} THEN r.created_at ELSE EXCLUDED.created_at END,
                 expires_at = CASE WHEN ${SAME_REQUEST_TAKEOVER} THEN r.expires_at ELSE EXCLUDED.expires_at END,
                 response_status = NULL, response_headers = NULL, response_body = NULL,
                 locked_until = EXCLUDED.locked_until, holder = EXCLUDED.holder, completed_at = NULL
             WHERE ${RECORD_EXPIRED} OR ${SAME_REQUEST_TAKEOVER}
           RETURNING r.generation
         )
         SELECT true AS claimed, c.generation, NULL AS mode, NULL AS state, NULL::boolean AS lease_expired, ` +
          `NULL AS fingerprint,
                NULL::smallint AS response_status, NULL::jsonb AS response_headers, NULL AS response_body
           FROM claimed c
         UNION ALL
         SELECT false, NULL, r.mode, r.state, ${HOLDER_PRESUMED_DEAD}, r.fingerprint, r.response_status, ` +
          `r.response_headers, r.response_body
           FROM idempotency_records r
          WHERE r.business_id = $1 AND r.key_hash = $9
            AND NOT EXISTS (SELECT 1 FROM claimed)`,
        [
          scope.businessId,
          scope.mode,
          scope.key,
          fingerprint,
          token,
          this.timing.ttlMs,
          this.timing.leaseMs,
          generation,
          hash,
          this.holder() ?? null,
        ],
      );
      const row = rows[0];
      // No row: the record was inserted after this statement's snapshot (the INSERT saw it,
      // the SELECT could not), or deleted in between. A new statement sees the newest state.
      if (!row) continue;
      if (row.claimed) return { claimed: true, claim: { ...scope, token, generation: row.generation! } };
      const mode = row.mode!;
      if (row.state === 'in_progress')
        return {
          claimed: false,
          mode,
          state: 'in_progress',
          fingerprint: row.fingerprint!,
          leaseExpired: row.lease_expired === true,
        };
      return {
        claimed: false,
        mode,
        state: 'completed',
        fingerprint: row.fingerprint!,
        response: { status: row.response_status!, headers: row.response_headers ?? {}, body: row.response_body! },
      };
    }
    // Still racing after several tries: some other request is busy with this key right now.
    return { claimed: false, mode: scope.mode, state: 'in_progress', fingerprint, leaseExpired: false };
  }

  /** Stores the final result. False when the claim was lost (lease taken over, or swept). */
  async complete(claim: IdempotencyClaim, response: RecordedResponse): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE idempotency_records
          SET state = 'completed', response_status = $4, response_headers = $5::jsonb, response_body = $6,
              locked_until = NULL, completed_at = now()
        WHERE business_id = $1 AND key_hash = $2 AND claim_token = $3 AND state = 'in_progress'`,
      [
        claim.businessId,
        keyHash(claim.key),
        claim.token,
        response.status,
        JSON.stringify(response.headers),
        response.body,
      ],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Gives the claim up without a result, so a retry with the same key and parameters executes
   * again at once (after a 5xx). The record stays, in flight with an expired lease, because the
   * retry must keep its generation: a 5xx is indeterminate (spec), its effect may be committed,
   * and only the same generation lets the retry find it rather than act a second time.
   */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.pool.query(
      `UPDATE idempotency_records SET locked_until = now() - interval '1 millisecond'
        WHERE business_id = $1 AND key_hash = $2 AND claim_token = $3 AND state = 'in_progress'`,
      [claim.businessId, keyHash(claim.key), claim.token],
    );
  }

  /**
   * Deletes up to `limit` records expired on their business clock, per statement kind, and
   * returns how many went. Expired records already count as absent to `claim`; this only keeps
   * the table small. In-flight records are left alone while their lease holds. SKIP LOCKED
   * lets several processes sweep at once without waiting on each other or on a claim.
   */
  async deleteExpired(limit: number): Promise<number> {
    const byRealTime = await this.pool.query(
      `DELETE FROM idempotency_records
        WHERE (business_id, key_hash) IN (
          SELECT business_id, key_hash FROM idempotency_records
           WHERE expires_at <= now() AND (state = 'completed' OR locked_until <= now())
           ORDER BY expires_at
           LIMIT $1
           FOR UPDATE SKIP LOCKED)`,
      [limit],
    );
    // Test-mode records of businesses whose test clock runs ahead expire earlier in real time.
    const byTestClocks = await this.pool.query(
      `DELETE FROM idempotency_records
        WHERE (business_id, key_hash) IN (
          SELECT r.business_id, r.key_hash
            FROM test_clocks c
            JOIN idempotency_records r ON r.business_id = c.business_id AND r.mode = 'test'
           WHERE c.offset_ms > 0
             AND r.expires_at <= now() + c.offset_ms * interval '1 millisecond'
             AND (r.state = 'completed' OR r.locked_until <= now())
           LIMIT $1
           FOR UPDATE OF r SKIP LOCKED)`,
      [limit],
    );
    return (byRealTime.rowCount ?? 0) + (byTestClocks.rowCount ?? 0);
  }
}
