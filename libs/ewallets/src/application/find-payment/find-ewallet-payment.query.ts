import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { EwalletType } from '../../domain/ewallet-types';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';

/** GET /ewallets?external_id=&ewallet_type= (external ids are unique per type). */
export class FindEwalletPaymentQuery extends Query<EwalletPaymentView | undefined> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly ewalletType: EwalletType,
    readonly externalId: string,
  ) {
    super();
  }
}

/** The checkout page: the payment behind an unguessable token, whatever business it belongs to. */
export class FindCheckoutQuery extends Query<EwalletPaymentView | undefined> {
  constructor(readonly checkoutToken: string) {
    super();
  }
}
