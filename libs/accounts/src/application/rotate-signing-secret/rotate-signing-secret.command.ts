import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { CallbackKind } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

/** A new Standard Webhooks signing secret for one callback kind; the old one stops at once. */
export class RotateSigningSecretCommand extends Command<{ signingSecret: string }> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: CallbackKind,
    readonly context: RequestContext,
  ) {
    super();
  }
}
