import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { PaymentCodeQueries } from '../../read-models/payment-code-queries';
import { GetPaymentCodeQuery, ListPaymentCodePaymentsQuery } from './get-payment-code.query';

@QueryHandler(GetPaymentCodeQuery)
export class GetPaymentCodeHandler implements IQueryHandler<GetPaymentCodeQuery> {
  constructor(private readonly codes: PaymentCodeQueries) {}

  execute({ fpcId, businessId, mode }: GetPaymentCodeQuery): Promise<PaymentCodeSnapshot | undefined> {
    return this.codes.get(fpcId, businessId, mode);
  }
}

@QueryHandler(ListPaymentCodePaymentsQuery)
export class ListPaymentCodePaymentsHandler implements IQueryHandler<ListPaymentCodePaymentsQuery> {
  constructor(private readonly codes: PaymentCodeQueries) {}

  execute({ fpcId, businessId, mode }: ListPaymentCodePaymentsQuery): Promise<PaymentCodePayment[]> {
    return this.codes.payments(fpcId, businessId, mode);
  }
}
