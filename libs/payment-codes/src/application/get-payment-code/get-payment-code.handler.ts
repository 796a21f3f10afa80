import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { PaymentCodePayment, PaymentCodeSnapshot } from '../../domain/payment-code.events';
import { GetPaymentCodeQuery, ListPaymentCodePaymentsQuery } from './get-payment-code.query';

@QueryHandler(GetPaymentCodeQuery)
export class GetPaymentCodeHandler implements IQueryHandler<GetPaymentCodeQuery, PaymentCodeSnapshot | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetPaymentCodeQuery): Promise<PaymentCodeSnapshot | undefined> {
    const { rows } = await this.pool.query<{ snapshot: PaymentCodeSnapshot }>(
      'SELECT snapshot FROM fixed_payment_codes WHERE fpc_id = $1 AND business_id = $2 AND mode = $3',
      [query.fpcId, query.businessId, query.mode],
    );
    return rows[0]?.snapshot;
  }
}

@QueryHandler(ListPaymentCodePaymentsQuery)
export class ListPaymentCodePaymentsHandler implements IQueryHandler<ListPaymentCodePaymentsQuery, PaymentCodePayment[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListPaymentCodePaymentsQuery): Promise<PaymentCodePayment[]> {
    const { rows } = await this.pool.query<{ payment: PaymentCodePayment }>(
      `SELECT payment FROM fixed_payment_code_payments WHERE fpc_id = $1 AND business_id = $2 AND mode = $3 ORDER BY created_at, record_id`,
      [query.fpcId, query.businessId, query.mode],
    );
    return rows.map((row) => row.payment);
  }
}
