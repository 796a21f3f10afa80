import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { CallbackKind } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

export interface CallbackUrlSet {
  url: string;
  callbackToken: string | null;
}

/** `POST /callback_urls/{type}`: one kind's URL; its signing secret is issued the first time. */
export class SetCallbackUrlCommand extends Command<CallbackUrlSet> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: CallbackKind,
    readonly url: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
