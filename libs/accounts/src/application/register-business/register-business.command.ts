import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export interface RegisteredBusiness {
  businessId: string;
  name: string;
}

export interface RegisterBusinessOptions {
  /** Callers that need a known id (the demo seed); otherwise a new one is made. */
  businessId?: string;
  /** The sub-account platform feature. */
  isPlatform?: boolean;
  /** Registers a sub-account of this platform business. */
  parentBusinessId?: string;
}

export class RegisterBusinessCommand extends Command<RegisteredBusiness> {
  constructor(
    readonly name: string,
    readonly context: RequestContext,
    readonly options: RegisterBusinessOptions = {},
  ) {
    super();
  }
}
