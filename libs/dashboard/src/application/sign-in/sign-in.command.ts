import { Command } from '@nestjs/cqrs';

export interface DashboardSignIn {
  userId: string;
  businessId: string;
  /** The session cookie's value: shown to the browser only. */
  sessionToken: string;
}

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
