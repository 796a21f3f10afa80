import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export type EarlySettlement =
  /** This command settled the payment. */
  | 'settled-now'
  /** The settlement job (or an earlier refund) had settled it. */
  | 'settled-before'
  /** Its emitter settled it in the same append (instant channels, test top-ups). */
  | 'settled-by-source'
  /** No `MoneyInReceived` of this movement in that stream: nothing to settle. */
  | 'not-received';

/**
 * Settles one received payment now instead of after its channel's delay, and answers once the
 * balance aggregate has the credit (issue 18: a same-day refund of an unsettled charge). The
 * payment is named by its movement id and the stream holding its `MoneyInReceived`; only that
 * payment is settled, with the very `MoneyInSettled` the settlement job would write.
 */
export class SettleEarlyCommand extends Command<EarlySettlement> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly movementId: string,
    /** The stream whose `MoneyInReceived` received the money (e.g. `cardcharge-<id>`). */
    readonly receivedIn: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
