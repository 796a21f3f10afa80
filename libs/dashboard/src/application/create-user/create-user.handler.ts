import { ACCOUNT_ERROR_CODES, GetBusinessQuery } from '@gateway/accounts';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { DashboardErrors } from '../../domain/dashboard-team.errors';
import { isPlausibleEmail, normalizeEmail } from '../../domain/email';
import { CredentialsStore } from '../../read-models/credentials-store';
import { generatePassword, hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password-hasher';
import { TeamRunner } from '../team-runner';
import { CreateDashboardUserCommand, type CreatedDashboardUser } from './create-user.command';

@CommandHandler(CreateDashboardUserCommand)
export class CreateDashboardUserHandler implements ICommandHandler<CreateDashboardUserCommand, CreatedDashboardUser> {
  constructor(
    private readonly runner: TeamRunner,
    private readonly credentials: CredentialsStore,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: CreateDashboardUserCommand): Promise<CreatedDashboardUser> {
    const email = normalizeEmail(command.email);
    if (!isPlausibleEmail(email)) throw DashboardErrors.invalid('email must be an email address');
    if (
      command.password !== undefined &&
      (command.password.length < MIN_PASSWORD_LENGTH || command.password.length > MAX_PASSWORD_LENGTH)
    ) {
      throw DashboardErrors.invalid(`password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
    }
    const business = await this.queries.execute(new GetBusinessQuery(command.businessId));
    if (!business)
      throw ACCOUNT_ERROR_CODES.error('BUSINESS_NOT_FOUND_ERROR', `Business ${command.businessId} does not exist`);
    const userId = this.ids.prefixed('dus_');
    const password = command.password ?? generatePassword();
    // Claim the email first (unique across businesses, also under concurrent invitations); give it back if the team
    // refuses. A generated password is a one-time password: the user must choose their own at the first sign-in.
    await this.credentials.claim(
      email,
      userId,
      command.businessId,
      await hashPassword(password),
      await this.runner.now(),
      command.password === undefined,
    );
    try {
      await this.runner.run(command.businessId, command.context, (now) => ({
        type: 'CreateUser',
        userId,
        email,
        role: command.role,
        by: command.context.actor,
        now,
      }));
    } catch (error) {
      await this.credentials.release(userId);
      throw error;
    }
    return {
      userId,
      businessId: command.businessId,
      email,
      role: command.role,
      ...(command.password === undefined && { oneTimePassword: password }),
    };
  }
}
