import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DashboardErrors } from '../../domain/dashboard-team.errors';
import { normalizeEmail } from '../../domain/email';
import { CredentialsStore } from '../../read-models/credentials-store';
import { SessionStore } from '../../read-models/session-store';
import { SignInThrottle } from '../../read-models/sign-in-throttle';
import { AccountSecurityStore } from '../../read-models/account-security.store';
import { MAX_PASSWORD_LENGTH, verifyAgainstNothing, verifyPassword } from '../password-hasher';
import { TeamRunner } from '../team-runner';
import { type DashboardSignIn, SignInCommand } from './sign-in.command';

@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, DashboardSignIn> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly credentials: CredentialsStore,
    private readonly sessions: SessionStore,
    private readonly throttle: SignInThrottle,
    private readonly security: AccountSecurityStore,
  ) {}

  async execute(command: SignInCommand): Promise<DashboardSignIn> {
    const email = normalizeEmail(command.email).slice(0, 254);
    const now = await this.runner.now();
    if (await this.throttle.isBlocked(email, command.clientIp, now)) throw DashboardErrors.throttled();
    const stored = await this.credentials.byEmail(email);
    const password = command.password.slice(0, MAX_PASSWORD_LENGTH);
    const valid = stored ? await verifyPassword(password, stored.passwordHash) : await verifyAgainstNothing(password);
    if (!stored || !valid) {
      await this.throttle.recordFailure(email, command.clientIp, now);
      throw DashboardErrors.invalidCredentials();
    }
    await this.throttle.clearAccount(email, command.clientIp);
    // Two-step sign-in: the session opens only with the code (CompleteSignInCommand).
    if ((await this.security.secretOf(stored.userId))?.enabled)
      return { kind: 'code', challengeToken: await this.security.openChallenge(stored, now) };
    const actor = { requestId: command.requestId, actor: `dashboard:${stored.userId}`, businessId: stored.businessId };
    await this.runner.run(stored.businessId, actor, (at) => ({ type: 'RecordSignIn', userId: stored.userId, now: at }));
    const { token } = await this.sessions.create(stored, 'test', now);
    return { kind: 'session', userId: stored.userId, businessId: stored.businessId, sessionToken: token };
  }
}
