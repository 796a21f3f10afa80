import { searchNewestFirst } from '@gateway/projections';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type EwalletPaymentRow, type EwalletPaymentView, toView } from '../../read-models/ewallet-payment-view';
import { SearchEwalletPaymentsQuery } from './search-ewallet-payments.query';

const PAYMENTS = { from: 'ewallet_payments', idColumn: 'payment_id', recordsMoneyElsewhere: true };

@QueryHandler(SearchEwalletPaymentsQuery)
export class SearchEwalletPaymentsHandler implements IQueryHandler<SearchEwalletPaymentsQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchEwalletPaymentsQuery): Promise<EwalletPaymentView[]> {
    const rows = await searchNewestFirst<EwalletPaymentRow>(this.pool, PAYMENTS, query);
    return rows.map(toView);
  }
}
