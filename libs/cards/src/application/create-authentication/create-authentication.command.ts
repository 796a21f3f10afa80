import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { AuthenticationView } from '../card-views';

/** `createAuthentication`: 3DS for an existing token (multiple-use tokens, or a retry after a failure). */
export class CreateAuthenticationCommand extends Command<AuthenticationView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly tokenId: string,
    readonly amount: number,
    readonly context: RequestContext,
  ) {
    super();
  }
}
