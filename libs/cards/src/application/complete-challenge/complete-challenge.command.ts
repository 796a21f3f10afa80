import { Command, Query } from '@nestjs/cqrs';
import type { AuthenticationView } from '../card-views';

/** The payer answered the (simulated) issuer's 3DS challenge on the hosted page. */
export class CompleteChallengeCommand extends Command<AuthenticationView | undefined> {
  constructor(
    readonly authenticationId: string,
    readonly passed: boolean,
    readonly requestId: string,
  ) {
    super();
  }
}

/** What the 3DS page shows; undefined for an unknown id. */
export class GetAuthenticationQuery extends Query<AuthenticationView | undefined> {
  constructor(readonly authenticationId: string) {
    super();
  }
}
