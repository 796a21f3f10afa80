import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '@gateway/platform';

export interface RegisteredBusiness {
  businessId: string;
  name: string;
}

export class RegisterBusinessCommand extends Command<RegisteredBusiness> {
  constructor(
    readonly name: string,
    readonly context: RequestContext,
    /** Optional: callers that need a known id (the demo seed); otherwise a new one is made. */
    readonly businessId?: string,
  ) {
    super();
  }
}
