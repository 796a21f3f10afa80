import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../../domain/payment-code.events';

export interface PaymentCodePaymentSearch {
  /** Matches the payment id, the code's id or the code's external id exactly. */
  id?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
}

export interface PaymentCodePaymentView {
  payment: PaymentCodePayment;
  code: PaymentCodeSnapshot;
}

/** Payments at the till into a business's fixed codes, newest first (the dashboard's transactions). */
export class SearchPaymentCodePaymentsQuery extends Query<PaymentCodePaymentView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly search: PaymentCodePaymentSearch,
  ) {
    super();
  }
}
