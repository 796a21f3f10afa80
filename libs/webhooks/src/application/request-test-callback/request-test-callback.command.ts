import { CallbackKindCommand } from '@gateway/accounts';

export interface TestCallbackRequested {
  testId: string;
  /** The `webhook-id` the sample callback will carry. */
  webhookId: string;
  url: string;
}

/** A sample callback of one kind to the kind's URL. */
export class RequestTestCallbackCommand extends CallbackKindCommand<TestCallbackRequested> {}
