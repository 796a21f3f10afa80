import { Logger, type LoggerService } from '@nestjs/common';
import type { Pool } from 'pg';
import { retryDelayMs } from './retry-backoff';
import type { DueJob, JobHandler } from './scheduled-job';
import { type JobRun, ScheduledJobsTable } from './scheduled-jobs.table';
import { WakeSignal } from './wake-signal';
import { PgListener } from '@gateway/database';
import { SCHEDULER_WAKEUP_CHANNEL } from '@gateway/database';

export interface JobRunnerOptions {
  /** Recorded as `locked_by`; unique per process, e.g. host and pid. */
  workerId: string;
  /** Fallback re-check when no NOTIFY arrives (lost, or the listener is reconnecting). */
  pollIntervalMs?: number;
  /** Most jobs claimed by one query. */
  batchSize?: number;
  /**
   * How long a claimed job is ours unless renewed; renewed while its handler runs, so only a dead worker's jobs are
   * taken over.
   */
  leaseMs?: number;
  /** Most handlers running at once; jobs are only claimed for free slots. Default: batchSize. */
  concurrency?: number;
  /** First retry delay after a failure, doubling per attempt. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  logger?: Pick<LoggerService, 'error' | 'warn'>;
}

const MAX_ERROR_LENGTH = 4000;

/**
 * Runs due jobs of the registered kinds. Any number of runners, in any number of processes,
 * may share the table: a job is claimed by one of them at a time. Jobs of kinds no runner
 * registered stay pending. Runs are at least once: see JobHandler.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly wake = new WakeSignal();
  private readonly table: ScheduledJobsTable;
  private listener?: PgListener;
  private readonly pool: Pool;
  private readonly logger: Pick<LoggerService, 'error' | 'warn'>;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly backoff: { baseMs: number; maxMs: number };
  private stopping = false;
  /** When abandoned last attempts were last swept (`failAbandonedLastAttempts`). */
  private lastSweepAt = -Infinity;
  private loop?: Promise<void>;

  constructor(
    pool: Pool,
    private readonly options: JobRunnerOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.concurrency = options.concurrency ?? this.batchSize;
    this.backoff = { baseMs: options.backoffBaseMs ?? 1000, maxMs: options.maxBackoffMs ?? 3_600_000 };
    this.logger = options.logger ?? new Logger(`JobRunner ${options.workerId}`);
    this.table = new ScheduledJobsTable(pool);
    this.pool = pool;
  }

  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
    // each kind's jobs carry that handler's payload (the kind names it)
    this.handlers.set(kind, handler as JobHandler);
    this.wake.fire();
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.listener = new PgListener(this.pool, SCHEDULER_WAKEUP_CHANNEL, {
      onNotification: () => this.wake.fire(),
      onConnected: () => this.wake.fire(),
      onLost: (error) => {
        this.logger.warn(`Scheduler LISTEN connection lost, reconnecting: ${describe(error)}`);
      },
    });
    this.listener.start();
    this.loop = this.runLoop();
  }

  /** Stops claiming, then waits for the handlers already running to finish. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake.fire();
    await this.loop;
    await Promise.all(this.inFlight);
    await this.listener?.close();
    this.listener = undefined;
    this.loop = undefined;
  }

  private async runLoop(): Promise<void> {
    while (!this.stopping) {
      const mark = this.wake.mark();
      const wanted = Math.min(this.batchSize, this.concurrency - this.inFlight.size);
      let claimedAllWanted = false;
      if (wanted > 0 && this.handlers.size > 0) {
        try {
          // Rare (a worker died in a job's last attempt), so swept once a poll interval, not before
          // every claim: under load a runner claims dozens of times a second (0.28 statements a
          // disbursement went to this sweep, measured).
          if (Date.now() - this.lastSweepAt >= this.pollIntervalMs) {
            this.lastSweepAt = Date.now();
            await this.table.failAbandonedLastAttempts();
          }
          if (this.stopping) break;
          const jobs = await this.table.claimDue({
            kinds: [...this.handlers.keys()],
            limit: wanted,
            workerId: this.options.workerId,
            leaseMs: this.leaseMs,
          });
          for (const job of jobs) this.track(this.execute(job));
          claimedAllWanted = jobs.length === wanted;
        } catch (error) {
          this.logger.error(`Could not claim due jobs: ${describe(error)}`);
        }
      }
      // A full batch suggests more are due: look again at once instead of sleeping.
      if (!claimedAllWanted || this.stopping) await this.wake.wait(mark, this.pollIntervalMs);
    }
  }

  private track(run: Promise<void>): void {
    this.inFlight.add(run);
    void run.finally(() => {
      this.inFlight.delete(run);
      this.wake.fire();
    });
  }

  private async execute(job: DueJob): Promise<void> {
    const run = { id: job.id, attempt: job.attempt, workerId: this.options.workerId };
    let failure: { error: unknown } | undefined;
    const renewal = this.keepLeased(run);
    try {
      await this.handlers.get(job.kind)!(job);
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(renewal);
    }
    try {
      if (!failure) {
        await this.table.markDone(run);
        return;
      }
      const retryInMs = retryDelayMs(job.attempt, this.backoff);
      await this.table.recordFailure(run, describe(failure.error).slice(0, MAX_ERROR_LENGTH), retryInMs);
      this.logger.warn(`Job ${job.id} (${job.kind}) failed on attempt ${job.attempt}: ${describe(failure.error)}`);
    } catch (error) {
      // The outcome is lost; the lease will expire and the job run again (at least once).
      this.logger.error(`Could not record the outcome of job ${job.id} (${job.kind}): ${describe(error)}`);
    }
  }

  /**
   * Renews the run's lease every third of it while the handler works: a long job (a large report
   * on a busy machine) must not be taken over by another runner, whose run would then fail or
   * run twice, while its own worker is alive. Stops once the run has lost the job.
   */
  private keepLeased(run: JobRun): NodeJS.Timeout {
    const timer = setInterval(() => {
      this.table.extendLease(run, this.leaseMs).then(
        (owned) => {
          if (!owned) clearInterval(timer);
        },
        (error: unknown) => {
          this.logger.warn(`Could not renew the lease of job ${run.id}: ${describe(error)}`);
        },
      );
    }, this.leaseMs / 3);
    timer.unref();
    return timer;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
