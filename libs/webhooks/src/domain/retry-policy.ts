/**
 * When callbacks are retried (spec, money-out-and-platform.md "Delivery rules", and the first
 * document for virtual-account and payment-code callbacks). Pure: times come in as arguments.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Retries 1 to 6, measured from the FIRST attempt: 15 min, 1 h, 3 h, 6 h, 12 h, 24 h. */
export const STANDARD_RETRY_OFFSETS_MS = [15 * MINUTE, 1 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR] as const;

/** The legacy fixed-VA and fixed-payment-code callbacks: three attempts, 30 seconds apart. */
export const LEGACY_ATTEMPT_INTERVAL_MS = 30_000;
export const LEGACY_MAX_ATTEMPTS = 3;
export const LEGACY_RETRY_OFFSETS_MS = Array.from(
  { length: LEGACY_MAX_ATTEMPTS - 1 },
  (_, i) => (i + 1) * LEGACY_ATTEMPT_INTERVAL_MS,
);

/** 410 Gone: the receiver says the endpoint no longer exists; it is disabled, not retried. */
export const GONE_STATUS = 410;

export type RetrySchedule = 'standard' | 'legacy';

export function retryOffsetsOf(schedule: RetrySchedule): readonly number[] {
  return schedule === 'legacy' ? LEGACY_RETRY_OFFSETS_MS : STANDARD_RETRY_OFFSETS_MS;
}

export interface AttemptResult {
  /** HTTP status, absent when no response arrived (refused, timeout, connection error). */
  statusCode?: number;
  /** Delay the receiver asked for with `Retry-After`, in ms. */
  retryAfterMs?: number;
}

export interface AttemptContext {
  schedule: RetrySchedule;
  /** 1-based number of the attempt that just finished. */
  attemptNumber: number;
  /** Business-clock time of the delivery's first attempt (this one when it is the first). */
  firstAttemptAt: Date;
  /** Business-clock time this attempt was made. */
  attemptedAt: Date;
  /** A manual resend of a finished delivery: one extra attempt, no new schedule. */
  manual: boolean;
  /** Whether the target is a configured endpoint (a per-request URL cannot be disabled). */
  configuredEndpoint: boolean;
}

export type NextStep =
  | { status: 'succeeded' }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; reason: 'exhausted' | 'gone' | 'refused'; disableEndpoint: boolean; raiseAlert: boolean };

/** 2xx delivered; everything else (3xx included: redirects are never followed) failed. */
export function isDelivered(statusCode: number | undefined): boolean {
  return statusCode !== undefined && statusCode >= 200 && statusCode < 300;
}

/** What happens to a delivery after one attempt. `refused` marks a target that can never work. */
export function nextStepAfter(result: AttemptResult & { refused?: boolean }, context: AttemptContext): NextStep {
  if (isDelivered(result.statusCode)) return { status: 'succeeded' };
  const legacyAlert = context.schedule === 'legacy';
  if (result.refused) return { status: 'failed', reason: 'refused', disableEndpoint: false, raiseAlert: false };
  if (result.statusCode === GONE_STATUS) {
    return { status: 'failed', reason: 'gone', disableEndpoint: context.configuredEndpoint, raiseAlert: false };
  }
  if (context.manual) return { status: 'failed', reason: 'exhausted', disableEndpoint: false, raiseAlert: false };
  const offsets = retryOffsetsOf(context.schedule);
  const offset = offsets[context.attemptNumber - 1];
  if (offset === undefined)
    return { status: 'failed', reason: 'exhausted', disableEndpoint: false, raiseAlert: legacyAlert };
  const scheduled = context.firstAttemptAt.getTime() + offset;
  const asked = result.retryAfterMs === undefined ? 0 : context.attemptedAt.getTime() + result.retryAfterMs;
  // Retry-After may only push the next attempt later, never earlier than the schedule.
  return { status: 'pending', nextAttemptAt: new Date(Math.max(scheduled, asked)) };
}

/** `Retry-After` as delta-seconds or an HTTP date, relative to `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
