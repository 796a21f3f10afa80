import type { IdempotencyTiming } from './idempotency-store';

export interface IdempotencyOptions extends IdempotencyTiming {
  /** How often each api process deletes expired records; 0 turns the sweeper off. */
  sweepIntervalMs: number;
  /** Most records one sweep statement deletes, so a sweep never holds many locks at once. */
  sweepBatchSize: number;
}

export const IDEMPOTENCY_OPTIONS = Symbol('gateway:idempotency-options');

export const DEFAULT_IDEMPOTENCY_OPTIONS: IdempotencyOptions = {
  // The spec asks for keys to be kept "at least 24 h" (design §7).
  ttlMs: 24 * 3_600_000,
  // The default of IDEMPOTENCY_LEASE_MS (AppConfig), which the module applies. A retry that takes
  // over a live request's claim re-executes it safely, so the lease only bounds how long a
  // crashed request's retries are refused with 409.
  leaseMs: 10_000,
  sweepIntervalMs: 10 * 60_000,
  sweepBatchSize: 1000,
};
