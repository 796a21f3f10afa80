import type { MoneyRecorder } from '@gateway/domain';
import type { RequestContext } from '@gateway/runtime';
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
  /**
   * A merchant-initiated charge of a saved (multiple-use) card, e.g. a recurring invoice's
   * recharge: the payer is not there, so no 3DS is asked. Not reachable over HTTP.
   */
  merchantInitiated?: boolean;
  /** Another context records the money (see CardChargeSnapshot.moneyRecordedBy). */
  moneyRecordedBy?: MoneyRecorder;
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
