import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

/** The signed-in user changes their password (the current one proves it is them); other sessions end. */
export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The session that asked: it stays signed in. */
    readonly sessionToken: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * Mails a reset link to the account of this email, if there is one (the answer is the same either
 * way: no one learns which emails have accounts).
 */
export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly email: string,
    /** Where the gateway is reached (the link's origin). */
    readonly baseUrl: string,
    readonly requestId: string,
  ) {
    super();
  }
}

/** Sets a new password through a mailed link (single use); every session of the user ends. */
export class ResetPasswordCommand extends Command<void> {
  constructor(
    readonly token: string,
    readonly newPassword: string,
    readonly requestId: string,
  ) {
    super();
  }
}

export interface TwoFactorSetup {
  /** Base32, as authenticator apps take it typed. */
  secret: string;
  otpauthUri: string;
}

/** A new TOTP secret for the user, waiting for its first code. */
export class StartTwoFactorCommand extends Command<TwoFactorSetup> {
  constructor(
    readonly userId: string,
    readonly email: string,
  ) {
    super();
  }
}

/** A user's own change to their two-step sign-in, proven by a current code of their authenticator app. */
abstract class TwoFactorCodeCommand<TResult> extends Command<TResult> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly code: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Turns two-step sign-in on with a current code; answers the one-time recovery codes, shown once. */
export class ConfirmTwoFactorCommand extends TwoFactorCodeCommand<string[]> {}

/** Turns two-step sign-in off (a current code proves the user holds the app); refused when the team requires it. */
export class DisableTwoFactorCommand extends TwoFactorCodeCommand<void> {}

/** An admin requires (or stops requiring) two-step sign-in for the whole team. */
export class SetTeamTwoFactorCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly required: boolean,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** The second step of a sign-in: the code of the user whose password was checked (the challenge's token). */
export class CompleteSignInCommand extends Command<{ userId: string; businessId: string; sessionToken: string }> {
  constructor(
    readonly challengeToken: string,
    readonly code: string,
    readonly requestId: string,
  ) {
    super();
  }
}

/** An admin resets a user's two-step sign-in (a lost authenticator): secret and codes go, sessions end. */
export class ResetUserTwoFactorCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
