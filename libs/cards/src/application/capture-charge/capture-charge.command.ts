import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { ChargeView, ReversalView } from '../card-views';

export class CaptureChargeCommand extends Command<ChargeView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly chargeId: string,
    readonly amount: number,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class ReverseAuthorizationCommand extends Command<ReversalView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly chargeId: string,
    readonly externalId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
