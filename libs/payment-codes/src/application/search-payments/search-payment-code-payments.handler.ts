import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PaymentCodeQueries } from '../../read-models/payment-code-queries';
import { type PaymentCodePaymentView, SearchPaymentCodePaymentsQuery } from './search-payment-code-payments.query';

/** Payments with the business's codes, newest first (the kernel's payment search). */
@QueryHandler(SearchPaymentCodePaymentsQuery)
export class SearchPaymentCodePaymentsHandler implements IQueryHandler<SearchPaymentCodePaymentsQuery> {
  constructor(private readonly codes: PaymentCodeQueries) {}

  async execute({ businessId, mode, search }: SearchPaymentCodePaymentsQuery): Promise<PaymentCodePaymentView[]> {
    return (await this.codes.search(businessId, mode, search)).map(({ payment, snapshot }) => ({
      payment,
      code: snapshot,
    }));
  }
}
