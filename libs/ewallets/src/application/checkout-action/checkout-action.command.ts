import { Command } from '@nestjs/cqrs';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';

/** What the simulated payer does on the hosted checkout page. */
export type CheckoutAction = 'pay' | 'cancel';

export class CheckoutActionCommand extends Command<EwalletPaymentView> {
  constructor(
    readonly checkoutToken: string,
    readonly action: CheckoutAction,
    /** The page request's id: the resulting events' correlation id. */
    readonly requestId: string,
  ) {
    super();
  }
}
