import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { GetVirtualAccountPaymentQuery, GetVirtualAccountQuery, type VirtualAccountPaymentView } from './get-virtual-account.query';

@QueryHandler(GetVirtualAccountQuery)
export class GetVirtualAccountHandler implements IQueryHandler<GetVirtualAccountQuery, VirtualAccountSnapshot | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetVirtualAccountQuery): Promise<VirtualAccountSnapshot | undefined> {
    const { rows } = await this.pool.query<{ snapshot: VirtualAccountSnapshot }>(
      'SELECT snapshot FROM virtual_accounts WHERE va_id = $1 AND business_id = $2 AND mode = $3',
      [query.vaId, query.businessId, query.mode],
    );
    return rows[0]?.snapshot;
  }
}

@QueryHandler(GetVirtualAccountPaymentQuery)
export class GetVirtualAccountPaymentHandler implements IQueryHandler<GetVirtualAccountPaymentQuery, VirtualAccountPaymentView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetVirtualAccountPaymentQuery): Promise<VirtualAccountPaymentView | undefined> {
    const { rows } = await this.pool.query<{ payment: VirtualAccountPayment; snapshot: VirtualAccountSnapshot }>(
      `SELECT p.payment, a.snapshot FROM virtual_account_payments p JOIN virtual_accounts a ON a.va_id = p.va_id
        WHERE p.payment_id = $1 AND p.business_id = $2 AND p.mode = $3`,
      [query.paymentId, query.businessId, query.mode],
    );
    return rows[0] && { payment: rows[0].payment, account: rows[0].snapshot };
  }
}
