import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { DashboardRole } from '../../domain/roles';

export class ChangeDashboardRoleCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly role: DashboardRole,
    readonly context: RequestContext,
  ) {
    super();
  }
}
