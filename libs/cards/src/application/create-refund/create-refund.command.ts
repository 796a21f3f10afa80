import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { RefundView } from '../card-views';

export class CreateRefundCommand extends Command<RefundView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly chargeId: string,
    readonly externalId: string,
    readonly amount: number,
    /** API version 2019-05-01: answer once the refund is processed (SUCCEEDED or FAILED). */
    readonly processSynchronously: boolean,
    readonly context: RequestContext,
  ) {
    super();
  }
}
