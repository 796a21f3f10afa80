import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../../domain/virtual-account.events';

/** `GET /callback_virtual_accounts/{id}`; undefined when the caller's business and mode have no such account. */
export class GetVirtualAccountQuery extends Query<VirtualAccountSnapshot | undefined> {
  constructor(
    readonly vaId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}

export interface VirtualAccountPaymentView {
  payment: VirtualAccountPayment;
  account: VirtualAccountSnapshot;
}

/** `GET /callback_virtual_account_payments/payment_id={payment_id}`. */
export class GetVirtualAccountPaymentQuery extends Query<VirtualAccountPaymentView | undefined> {
  constructor(
    readonly paymentId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
