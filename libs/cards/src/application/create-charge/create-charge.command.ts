import type { RequestContext } from '@gateway/platform';
import { Command } from '@nestjs/cqrs';
import type { ChargeView } from '../card-views';

export interface ChargeRequest {
  tokenId: string;
  externalId: string;
  amount: number;
  authenticationId?: string;
  cardCvn?: string;
  /** Default true: false authorizes only. */
  capture: boolean;
  isRecurring: boolean;
}

export class CreateChargeCommand extends Command<ChargeView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly request: ChargeRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}
