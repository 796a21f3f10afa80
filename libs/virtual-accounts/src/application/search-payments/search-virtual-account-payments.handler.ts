import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { VirtualAccountQueries } from '../../read-models/virtual-account-queries';
import type { VirtualAccountPaymentView } from '../get-virtual-account/get-virtual-account.query';
import { SearchVirtualAccountPaymentsQuery } from './search-virtual-account-payments.query';

@QueryHandler(SearchVirtualAccountPaymentsQuery)
export class SearchVirtualAccountPaymentsHandler implements IQueryHandler<SearchVirtualAccountPaymentsQuery> {
  constructor(private readonly accounts: VirtualAccountQueries) {}

  async execute(query: SearchVirtualAccountPaymentsQuery): Promise<VirtualAccountPaymentView[]> {
    const rows = await this.accounts.search(query.businessId, query.mode, query.search);
    return rows.map((row) => ({ payment: row.payment, account: row.snapshot }));
  }
}
