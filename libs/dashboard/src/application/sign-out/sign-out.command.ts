import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export class SignOutCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly sessionToken: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
