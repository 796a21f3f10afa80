import type { CallbackKind } from '@gateway/accounts';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export interface TestCallbackRequested {
  testId: string;
  /** The `webhook-id` the sample callback will carry. */
  webhookId: string;
  url: string;
}

export class RequestTestCallbackCommand extends Command<TestCallbackRequested> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: CallbackKind,
    readonly context: RequestContext,
  ) {
    super();
  }
}
