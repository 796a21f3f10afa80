import { Query } from '@nestjs/cqrs';
import type { CallbackKind } from '../../domain/business-settings';
import type { Mode } from '../../domain/business.events';

/** What sending (or showing) one kind's callbacks needs: secrets included, so never log it. */
export interface CallbackEndpointView {
  businessId: string;
  mode: Mode;
  kind: CallbackKind;
  url: string | null;
  /** The URL answered 410 Gone and has not been set again since. */
  disabled: boolean;
  disabledReason: string | null;
  callbackToken: string | null;
  /** `whsec_…` (Standard Webhooks); null until a URL was set through `POST /callback_urls/{type}`. */
  signingSecret: string | null;
}

export class GetCallbackEndpointQuery extends Query<CallbackEndpointView> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: CallbackKind,
  ) {
    super();
  }
}
