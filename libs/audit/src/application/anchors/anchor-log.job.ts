import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler, Scheduler } from '@gateway/scheduler';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AnchorWriter } from './anchor-writer';

export const ANCHOR_JOB = 'audit.anchor';
/** How often the global log is anchored. */
export const ANCHOR_INTERVAL_MS = 15 * 60_000;

/** The next slot boundary after `now`: one job per slot, whichever process schedules it. */
export function nextAnchorSlot(now: Date, intervalMs = ANCHOR_INTERVAL_MS): Date {
  return new Date((Math.floor(now.getTime() / intervalMs) + 1) * intervalMs);
}

/** The periodic anchor: writes one, then schedules the next slot. */
@Injectable()
@HandlesScheduledJob(ANCHOR_JOB)
export class AnchorLogJob implements ScheduledJobHandler, OnApplicationBootstrap {
  constructor(
    private readonly writer: AnchorWriter,
    private readonly scheduler: Scheduler,
  ) {}

  private readonly logger = new Logger('AuditAnchors');

  /** Best effort: a process must start (and answer /ready with 503) even when the database is down. */
  onApplicationBootstrap(): void {
    this.scheduleAfter(new Date()).catch((error: unknown) =>
      this.logger.warn(
        `could not schedule the next anchor (the next start or run will): ` +
          `${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }

  async handle(job: DueJob): Promise<void> {
    await this.writer.writeAnchor();
    await this.scheduleAfter(job.now);
  }

  private async scheduleAfter(now: Date): Promise<void> {
    const dueAt = nextAnchorSlot(now);
    await this.scheduler.schedule({
      kind: ANCHOR_JOB,
      key: `${ANCHOR_JOB}:${dueAt.toISOString()}`,
      dueAt,
      payload: null,
      maxAttempts: 5,
    });
  }
}
