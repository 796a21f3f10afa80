import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler, Scheduler } from '@gateway/scheduler';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Pool } from 'pg';

export const MAIL_OUTBOX_PURGE_JOB = 'dashboard.purge-mail-outbox';
/** How often the purge runs. */
export const MAIL_OUTBOX_PURGE_INTERVAL_MS = 60 * 60_000;
/** How long the dashboard's sent mail stays visible to operators (delivery questions), then goes. */
export const MAIL_OUTBOX_RETENTION_DAYS = 7;

/** The next slot boundary after `now`: one job per slot, whichever process schedules it. */
export function nextPurgeSlot(now: Date): Date {
  return new Date((Math.floor(now.getTime() / MAIL_OUTBOX_PURGE_INTERVAL_MS) + 1) * MAIL_OUTBOX_PURGE_INTERVAL_MS);
}

/**
 * Keeps the dashboard's account tables small and free of stale secrets: mail older than the
 * retention, readable copies past their time, used or expired reset links and sign-in challenges,
 * expired batch previews.
 * A job on the durable scheduler (not a timer) so one process runs each slot; it schedules the next.
 */
@Injectable()
@HandlesScheduledJob(MAIL_OUTBOX_PURGE_JOB)
export class MailOutboxPurgeJob implements ScheduledJobHandler, OnApplicationBootstrap {
  private readonly logger = new Logger('DashboardMailer');

  constructor(
    private readonly pool: Pool,
    private readonly scheduler: Scheduler,
  ) {}

  /** Best effort: a process must start even when the database is down (the next start schedules it). */
  onApplicationBootstrap(): void {
    this.scheduleAfter(new Date()).catch((error: unknown) =>
      this.logger.warn(
        `could not schedule the outbox purge: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }

  async handle(job: DueJob): Promise<void> {
    await this.purge(job.now);
    await this.scheduleAfter(job.now);
  }

  /** Returns how many mails it deleted. */
  async purge(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - MAIL_OUTBOX_RETENTION_DAYS * 86_400_000);
    const { rowCount } = await this.pool.query('DELETE FROM dashboard_mail_outbox WHERE created_at < $1', [cutoff]);
    await this.pool.query(
      'UPDATE dashboard_mail_outbox SET readable_body = NULL, readable_until = NULL WHERE readable_until <= $1',
      [now],
    );
    await this.pool.query('DELETE FROM dashboard_password_resets WHERE expires_at < $1', [cutoff]);
    await this.pool.query('DELETE FROM dashboard_sign_in_challenges WHERE expires_at < $1', [now]);
    await this.pool.query('DELETE FROM dashboard_batch_previews WHERE expires_at < $1', [now]);
    return rowCount ?? 0;
  }

  private async scheduleAfter(now: Date): Promise<void> {
    const dueAt = nextPurgeSlot(now);
    const key = `${MAIL_OUTBOX_PURGE_JOB}:${dueAt.toISOString()}`;
    await this.scheduler.schedule({ kind: MAIL_OUTBOX_PURGE_JOB, key, dueAt, payload: null, maxAttempts: 5 });
  }
}
