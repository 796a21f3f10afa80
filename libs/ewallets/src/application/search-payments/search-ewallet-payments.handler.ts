import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type EwalletPaymentRow, type EwalletPaymentView, toView } from '../../read-models/ewallet-payment-view';
import { SearchEwalletPaymentsQuery } from './search-ewallet-payments.query';

@QueryHandler(SearchEwalletPaymentsQuery)
export class SearchEwalletPaymentsHandler implements IQueryHandler<SearchEwalletPaymentsQuery, EwalletPaymentView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchEwalletPaymentsQuery): Promise<EwalletPaymentView[]> {
    const { id, status, createdFrom, createdTo, limit, excludeRecordedElsewhere } = query.search;
    const { rows } = await this.pool.query<EwalletPaymentRow>(
      `SELECT * FROM ewallet_payments
        WHERE business_id = $1 AND mode = $2
          AND ($3::text IS NULL OR payment_id = $3 OR external_id = $3)
          AND ($4::text IS NULL OR status = $4)
          AND ($5::timestamptz IS NULL OR created_at >= $5)
          AND ($6::timestamptz IS NULL OR created_at < $6)
          AND (NOT $8::boolean OR money_recorded_by IS NULL)
        ORDER BY created_at DESC, payment_id
        LIMIT $7`,
      [
        query.businessId,
        query.mode,
        id ?? null,
        status ?? null,
        createdFrom ?? null,
        createdTo ?? null,
        Math.min(Math.max(limit, 1), 500),
        excludeRecordedElsewhere === true,
      ],
    );
    return rows.map(toView);
  }
}
