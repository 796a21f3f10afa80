import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { type PaymentCodePaymentView, SearchPaymentCodePaymentsQuery } from './search-payment-code-payments.query';

@QueryHandler(SearchPaymentCodePaymentsQuery)
export class SearchPaymentCodePaymentsHandler implements IQueryHandler<SearchPaymentCodePaymentsQuery, PaymentCodePaymentView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchPaymentCodePaymentsQuery): Promise<PaymentCodePaymentView[]> {
    const { id, createdFrom, createdTo, limit } = query.search;
    const { rows } = await this.pool.query<{ payment: PaymentCodePayment; snapshot: PaymentCodeSnapshot }>(
      `SELECT p.payment, c.snapshot FROM fixed_payment_code_payments p JOIN fixed_payment_codes c ON c.fpc_id = p.fpc_id
        WHERE p.business_id = $1 AND p.mode = $2
          AND ($3::text IS NULL OR p.payment_id = $3 OR p.payment->>'id' = $3 OR p.fpc_id = $3 OR c.snapshot->>'externalId' = $3)
          AND ($4::timestamptz IS NULL OR p.created_at >= $4)
          AND ($5::timestamptz IS NULL OR p.created_at < $5)
        ORDER BY p.created_at DESC, p.record_id
        LIMIT $6`,
      [query.businessId, query.mode, id ?? null, createdFrom ?? null, createdTo ?? null, Math.min(Math.max(limit, 1), 500)],
    );
    return rows.map((row) => ({ payment: row.payment, code: row.snapshot }));
  }
}
