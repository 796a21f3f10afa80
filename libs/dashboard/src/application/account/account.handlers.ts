import { Scheduler } from '@gateway/scheduler';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DashboardErrors } from '../../domain/dashboard-team.errors';
import { normalizeEmail } from '../../domain/email';
import { AccountSecurityStore, MAX_CODE_FAILURES_PER_ACCOUNT } from '../../read-models/account-security.store';
import { CredentialsStore } from '../../read-models/credentials-store';
import { SessionStore } from '../../read-models/session-store';
import { SEND_PASSWORD_RESET_JOB, type SendPasswordResetPayload } from '../mail/send-password-reset.job';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from '../password-hasher';
import { TeamRunner } from '../team-runner';
import { newRecoveryCodes, normalizedRecoveryCode } from '../recovery-codes';
import { newTotpSecret, otpauthUri, base32, totpStepOf } from '../totp';
import {
  ChangePasswordCommand,
  CompleteSignInCommand,
  ConfirmTwoFactorCommand,
  DisableTwoFactorCommand,
  RequestPasswordResetCommand,
  ResetPasswordCommand,
  ResetUserTwoFactorCommand,
  SetTeamTwoFactorCommand,
  StartTwoFactorCommand,
  type TwoFactorSetup,
} from './account.commands';

function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw DashboardErrors.invalid(
      `the new password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly credentials: CredentialsStore,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    const stored = await this.credentials.byUserId(command.userId);
    if (!stored || !(await verifyPassword(command.currentPassword.slice(0, MAX_PASSWORD_LENGTH), stored.passwordHash)))
      throw DashboardErrors.wrongPassword();
    checkNewPassword(command.newPassword);
    if (command.newPassword === command.currentPassword)
      throw DashboardErrors.invalid('the new password must differ from the current one');
    const now = await this.runner.now();
    await this.credentials.setPassword(command.userId, await hashPassword(command.newPassword), now);
    await this.sessions.destroyOthersOf(command.userId, command.sessionToken);
    await this.runner.run(command.businessId, command.context, (at) => ({
      type: 'RecordPasswordSet',
      userId: command.userId,
      now: at,
    }));
  }
}

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly scheduler: Scheduler,
  ) {}

  /**
   * Only queues the mail (SendPasswordResetJob), for every email alike: looking the account up,
   * opening the link and talking to SMTP happen after the answer, so its timing says nothing.
   */
  async execute(command: RequestPasswordResetCommand): Promise<void> {
    const payload: SendPasswordResetPayload = {
      email: normalizeEmail(command.email).slice(0, 254),
      baseUrl: command.baseUrl,
      requestId: command.requestId,
    };
    const key = `${SEND_PASSWORD_RESET_JOB}:${command.requestId}`;
    const dueAt = await this.runner.now();
    await this.scheduler.schedule({ kind: SEND_PASSWORD_RESET_JOB, key, payload, dueAt, maxAttempts: 3 });
  }
}

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly credentials: CredentialsStore,
    private readonly security: AccountSecurityStore,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<void> {
    checkNewPassword(command.newPassword);
    const now = await this.runner.now();
    const userId = await this.security.resetUser(command.token, now, true);
    const stored = userId && (await this.credentials.byUserId(userId));
    if (!stored) throw DashboardErrors.resetLinkInvalid();
    await this.credentials.setPassword(stored.userId, await hashPassword(command.newPassword), now);
    await this.sessions.destroyAllOf(stored.userId);
    await this.runner.run(
      stored.businessId,
      { requestId: command.requestId, actor: `dashboard:${stored.userId}`, businessId: stored.businessId },
      (at) => ({
        type: 'RecordPasswordSet',
        userId: stored.userId,
        now: at,
      }),
    );
  }
}

@CommandHandler(StartTwoFactorCommand)
export class StartTwoFactorHandler implements ICommandHandler<StartTwoFactorCommand, TwoFactorSetup> {
  constructor(private readonly security: AccountSecurityStore) {}

  async execute(command: StartTwoFactorCommand): Promise<TwoFactorSetup> {
    const current = await this.security.secretOf(command.userId);
    if (current?.enabled) throw DashboardErrors.invalid('Two-step sign-in is already on');
    const secret = newTotpSecret();
    await this.security.savePendingSecret(command.userId, secret);
    return { secret: base32(secret), otpauthUri: otpauthUri(secret, command.email) };
  }
}

/** A current code of the user's secret, used once (a replayed code is refused like a wrong one). */
async function checkCode(
  security: AccountSecurityStore,
  userId: string,
  code: string,
  now: Date,
  enabled: boolean,
): Promise<void> {
  const stored = await security.secretOf(userId);
  if (!stored || stored.enabled !== enabled) throw DashboardErrors.wrongCode();
  const step = await totpStepOf(stored.secret, code, now);
  if (step === undefined || !(await security.useStep(userId, step))) throw DashboardErrors.wrongCode();
}

@CommandHandler(ConfirmTwoFactorCommand)
export class ConfirmTwoFactorHandler implements ICommandHandler<ConfirmTwoFactorCommand, string[]> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly security: AccountSecurityStore,
  ) {}

  async execute(command: ConfirmTwoFactorCommand): Promise<string[]> {
    const now = await this.runner.now();
    await checkCode(this.security, command.userId, command.code, now, false);
    const codes = newRecoveryCodes();
    await this.security.replaceRecoveryCodes(command.userId, codes);
    await this.security.enable(command.userId, now);
    await this.runner.run(command.businessId, command.context, (at) => ({
      type: 'EnableTwoFactor',
      userId: command.userId,
      now: at,
    }));
    return codes;
  }
}

@CommandHandler(ResetUserTwoFactorCommand)
export class ResetUserTwoFactorHandler implements ICommandHandler<ResetUserTwoFactorCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly security: AccountSecurityStore,
    private readonly sessions: SessionStore,
  ) {}

  /** The event (DashboardTwoFactorDisabled by the admin) first: it checks the user is a member. */
  async execute(command: ResetUserTwoFactorCommand): Promise<void> {
    await this.runner.run(command.businessId, command.context, (at) => ({
      type: 'ResetTwoFactor',
      userId: command.userId,
      by: command.context.actor,
      now: at,
    }));
    await this.security.forget(command.userId);
    await this.sessions.destroyAllOf(command.userId);
  }
}

@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactorCommand, void> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly security: AccountSecurityStore,
  ) {}

  async execute(command: DisableTwoFactorCommand): Promise<void> {
    const now = await this.runner.now();
    await checkCode(this.security, command.userId, command.code, now, true);
    // The team's rule is the decider's: refused while the team requires two-step sign-in.
    await this.runner.run(command.businessId, command.context, (at) => ({
      type: 'DisableTwoFactor',
      userId: command.userId,
      by: command.context.actor,
      now: at,
    }));
    await this.security.forget(command.userId);
  }
}

@CommandHandler(SetTeamTwoFactorCommand)
export class SetTeamTwoFactorHandler implements ICommandHandler<SetTeamTwoFactorCommand, void> {
  constructor(private readonly runner: TeamRunner) {}

  async execute(command: SetTeamTwoFactorCommand): Promise<void> {
    await this.runner.run(command.businessId, command.context, (at) => ({
      type: 'SetTwoFactorRequirement',
      required: command.required,
      by: command.context.actor,
      now: at,
    }));
  }
}

@CommandHandler(CompleteSignInCommand)
export class CompleteSignInHandler implements ICommandHandler<
  CompleteSignInCommand,
  { userId: string; businessId: string; sessionToken: string }
> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly security: AccountSecurityStore,
    private readonly sessions: SessionStore,
  ) {}

  async execute(command: CompleteSignInCommand) {
    const now = await this.runner.now();
    const challenge = await this.security.attemptChallenge(command.challengeToken, now);
    if (!challenge) throw DashboardErrors.wrongCode();
    // Counted per account over every challenge: signing in again with the password gives no new tries.
    const failures = await this.security.codeFailuresSince(challenge.userId, now);
    if (failures >= MAX_CODE_FAILURES_PER_ACCOUNT) throw DashboardErrors.throttled();
    try {
      // A recovery code (lost authenticator) in place of the app's code, each once.
      const recovery = normalizedRecoveryCode(command.code);
      if (recovery === undefined) await checkCode(this.security, challenge.userId, command.code, now, true);
      else if (!(await this.security.useRecoveryCode(challenge.userId, recovery, now))) {
        throw DashboardErrors.wrongCode();
      }
    } catch (error) {
      await this.security.recordCodeFailure(challenge.userId, now);
      throw error;
    }
    await this.security.clearCodeFailures(challenge.userId);
    await this.security.closeChallenge(command.challengeToken);
    await this.runner.run(
      challenge.businessId,
      { requestId: command.requestId, actor: `dashboard:${challenge.userId}`, businessId: challenge.businessId },
      (at) => ({
        type: 'RecordSignIn',
        userId: challenge.userId,
        now: at,
      }),
    );
    const { token } = await this.sessions.create(challenge, 'test', now);
    return { ...challenge, sessionToken: token };
  }
}
