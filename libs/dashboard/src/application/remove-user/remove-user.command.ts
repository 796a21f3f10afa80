import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

/** Removes a user: its credentials and sessions go at once (the email can be invited again). */
export class RemoveDashboardUserCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
