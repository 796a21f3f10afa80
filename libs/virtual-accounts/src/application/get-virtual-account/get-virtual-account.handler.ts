import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { VirtualAccountQueries } from '../../read-models/virtual-account-queries';
import {
  GetVirtualAccountPaymentQuery,
  GetVirtualAccountQuery,
  type VirtualAccountPaymentView,
} from './get-virtual-account.query';

@QueryHandler(GetVirtualAccountQuery)
export class GetVirtualAccountHandler implements IQueryHandler<GetVirtualAccountQuery> {
  constructor(private readonly accounts: VirtualAccountQueries) {}

  execute(query: GetVirtualAccountQuery): Promise<VirtualAccountSnapshot | undefined> {
    return this.accounts.get(query.vaId, query.businessId, query.mode);
  }
}

@QueryHandler(GetVirtualAccountPaymentQuery)
export class GetVirtualAccountPaymentHandler implements IQueryHandler<GetVirtualAccountPaymentQuery> {
  constructor(private readonly accounts: VirtualAccountQueries) {}

  async execute(query: GetVirtualAccountPaymentQuery): Promise<VirtualAccountPaymentView | undefined> {
    const found = await this.accounts.payment(query.paymentId, query.businessId, query.mode);
    return found && { payment: found.payment, account: found.snapshot };
  }
}
