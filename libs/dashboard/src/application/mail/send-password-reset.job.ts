import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { AccountSecurityStore, RESET_LINK_MS } from '../../read-models/account-security.store';
import { CredentialsStore } from '../../read-models/credentials-store';
import { TeamRunner } from '../team-runner';
import { DashboardMailer } from './dashboard-mailer';

export const SEND_PASSWORD_RESET_JOB = 'dashboard.send-password-reset';

export interface SendPasswordResetPayload {
  /** Normalised; may belong to no account (the request is queued the same way for every email). */
  email: string;
  baseUrl: string;
  requestId: string;
}

/** Reset mails a user may ask for in an hour (a mailbox is not a target to flood). */
const RESETS_PER_HOUR = 5;

/**
 * Mails a reset link after the request was answered: the request only queues this job, whether the
 * email has an account or not, so neither the answer nor its timing tells which emails do. Runs
 * once per request (job key); a failed send is recorded on the outbox row, not retried (a retry
 * would mail a second link; the user can ask again).
 */
@HandlesScheduledJob(SEND_PASSWORD_RESET_JOB)
@Injectable()
export class SendPasswordResetJob implements ScheduledJobHandler<SendPasswordResetPayload> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly credentials: CredentialsStore,
    private readonly security: AccountSecurityStore,
    private readonly mailer: DashboardMailer,
  ) {}

  async handle(job: DueJob<SendPasswordResetPayload>): Promise<void> {
    const { email, baseUrl, requestId } = job.payload;
    const stored = await this.credentials.byEmail(email);
    if (!stored) return;
    const now = await this.runner.now();
    const lastHour = new Date(now.getTime() - 3_600_000);
    if ((await this.security.resetsSince(stored.userId, lastHour)) >= RESETS_PER_HOUR) return;
    const token = await this.security.openReset(stored.userId, now);
    const link = `${baseUrl}/dashboard/password-reset/${token}`;
    await this.mailer.send(
      {
        to: stored.email,
        subject: 'Reset your Gateway dashboard password',
        text:
          `Someone (we hope you) asked to reset the password of ${stored.email} on the Gateway dashboard.\n\n` +
          `Choose a new password here within 30 minutes:\n${link}\n\n` +
          'If it was not you, ignore this mail: your password stays as it is.',
        secret: token,
        readableForMs: RESET_LINK_MS,
      },
      now,
    );
    const context = { requestId, actor: `dashboard:${stored.userId}`, businessId: stored.businessId };
    await this.runner.run(stored.businessId, context, (at) => ({
      type: 'RecordPasswordResetRequested',
      userId: stored.userId,
      now: at,
    }));
  }
}
