import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../../domain/payment-code.events';

/** `GET /fixed_payment_code/{id}`; undefined outside the caller's business and mode. */
export class GetPaymentCodeQuery extends Query<PaymentCodeSnapshot | undefined> {
  constructor(
    readonly fpcId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}

/** `GET /fixed_payment_code/{id}/payments`: oldest first. */
export class ListPaymentCodePaymentsQuery extends Query<PaymentCodePayment[]> {
  constructor(
    readonly fpcId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
