import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import type { VirtualAccountPaymentView } from '../get-virtual-account/get-virtual-account.query';
import { SearchVirtualAccountPaymentsQuery } from './search-virtual-account-payments.query';

@QueryHandler(SearchVirtualAccountPaymentsQuery)
export class SearchVirtualAccountPaymentsHandler implements IQueryHandler<SearchVirtualAccountPaymentsQuery, VirtualAccountPaymentView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchVirtualAccountPaymentsQuery): Promise<VirtualAccountPaymentView[]> {
    const { id, createdFrom, createdTo, limit, excludeClaimed } = query.search;
    const { rows } = await this.pool.query<{ payment: VirtualAccountPayment; snapshot: VirtualAccountSnapshot }>(
      `SELECT p.payment, a.snapshot FROM virtual_account_payments p JOIN virtual_accounts a ON a.va_id = p.va_id
        WHERE p.business_id = $1 AND p.mode = $2
          AND ($3::text IS NULL OR p.payment_id = $3 OR p.payment->>'id' = $3 OR p.va_id = $3 OR a.snapshot->>'externalId' = $3)
          AND ($4::timestamptz IS NULL OR p.created_at >= $4)
          AND ($5::timestamptz IS NULL OR p.created_at < $5)
          AND (NOT $7::boolean OR p.claimed_by IS NULL)
        ORDER BY p.created_at DESC, p.record_id
        LIMIT $6`,
      [query.businessId, query.mode, id ?? null, createdFrom ?? null, createdTo ?? null, Math.min(Math.max(limit, 1), 500), excludeClaimed === true],
    );
    return rows.map((row) => ({ payment: row.payment, account: row.snapshot }));
  }
}
