import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { CallbackKind } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

/** The webhook dispatcher got 410 Gone from `url`; ignored when the kind's URL has changed since. */
export class DisableCallbackEndpointCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: CallbackKind,
    readonly url: string,
    readonly reason: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
