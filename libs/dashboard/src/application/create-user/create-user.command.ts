import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { DashboardRole } from '../../domain/roles';

export interface CreatedDashboardUser {
  userId: string;
  businessId: string;
  email: string;
  role: DashboardRole;
  /** Only when no password was given: shown once, stored as a scrypt hash. */
  oneTimePassword?: string;
}

/** Invites (creates) a dashboard user of a business; the email must be free across businesses. */
export class CreateDashboardUserCommand extends Command<CreatedDashboardUser> {
  constructor(
    readonly businessId: string,
    readonly email: string,
    readonly role: DashboardRole,
    readonly password: string | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}
