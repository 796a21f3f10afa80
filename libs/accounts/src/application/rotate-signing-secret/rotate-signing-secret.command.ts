import { CallbackKindCommand } from '../callback-kind.command';

/** A new Standard Webhooks signing secret for one callback kind; the old one stops at once. */
export class RotateSigningSecretCommand extends CallbackKindCommand<{ signingSecret: string }> {}
