import { Command } from '@nestjs/cqrs';

/** Signed in (a session), or half way: the password was right and the user's code is awaited. */
export type DashboardSignIn =
  | {
      kind: 'session';
      userId: string;
      businessId: string;
      /** The session cookie's value: shown to the browser only. */
      sessionToken: string;
    }
  | {
      kind: 'code';
      /** The second step's cookie value (CompleteSignInCommand takes it with the code). */
      challengeToken: string;
    };

/** Checks email and password (throttled per account and per IP) and opens a session in test mode. */
export class SignInCommand extends Command<DashboardSignIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly clientIp: string,
    readonly requestId: string,
  ) {
    super();
  }
}
