import type { Mode } from '@gateway/clock';

export interface ScheduleJobInput<P = unknown> {
  /** Which handler runs it, e.g. `payment.expire`. */
  kind: string;
  /** Anything JSON can hold; stored as jsonb and handed back as parsed JSON. */
  payload: P;
  /** On the business's clock: in test mode, compared with its virtual time. */
  dueAt: Date;
  businessId?: string;
  mode?: Mode;
  /**
   * Names one occurrence of a timer (e.g. `payment:123:expiry`), making scheduling
   * idempotent; use a new key for each occurrence of a recurring timer.
   */
  key?: string;
  /** Runs before the job is given up as `failed`; default 10. */
  maxAttempts?: number;
}

/** A claimed job, as handed to its handler. */
export interface DueJob<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  businessId: string | null;
  mode: Mode | null;
  dueAt: Date;
  /** 1 on the first run; counts runs cut short by a crash too. */
  attempt: number;
  /** The business's clock at claim time (real time plus its test offset in test mode). */
  now: Date;
}

/**
 * Runs a job at least once: a crash mid-handler or a run longer than the lease means it runs
 * again, so handlers must be idempotent (check the state they act on, use deterministic ids).
 * Throwing schedules a retry with backoff.
 */
export type JobHandler<P = unknown> = (job: DueJob<P>) => Promise<void>;
