import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { CallbackKind } from '../domain/business-settings';
import type { Mode } from '../domain/business.events';

/**
 * A command about one callback kind of a business and mode, and nothing more: rotating the kind's signing secret
 * (here), asking for a test callback (the webhooks context). Each is this class with its own answer.
 */
export abstract class CallbackKindCommand<Answer> extends Command<Answer> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: CallbackKind,
    readonly context: RequestContext,
  ) {
    super();
  }
}
