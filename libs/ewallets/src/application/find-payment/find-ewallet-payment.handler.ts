import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type EwalletPaymentRow, type EwalletPaymentView, toView } from '../../read-models/ewallet-payment-view';
import { FindCheckoutQuery, FindEwalletPaymentQuery } from './find-ewallet-payment.query';

@QueryHandler(FindEwalletPaymentQuery)
export class FindEwalletPaymentHandler implements IQueryHandler<FindEwalletPaymentQuery> {
  constructor(private readonly pool: Pool) {}

  execute(query: FindEwalletPaymentQuery): Promise<EwalletPaymentView | undefined> {
    return paymentWhere(this.pool, 'business_id = $1 AND mode = $2 AND ewallet_type = $3 AND external_id = $4', [
      query.businessId,
      query.mode,
      query.ewalletType,
      query.externalId,
    ]);
  }
}

@QueryHandler(FindCheckoutQuery)
export class FindCheckoutHandler implements IQueryHandler<FindCheckoutQuery> {
  constructor(private readonly pool: Pool) {}

  execute(query: FindCheckoutQuery): Promise<EwalletPaymentView | undefined> {
    return paymentWhere(this.pool, 'checkout_token = $1', [query.checkoutToken]);
  }
}

/** The payment the condition picks (at most one matches it), as the GETs see it. */
async function paymentWhere(pool: Pool, condition: string, params: unknown[]): Promise<EwalletPaymentView | undefined> {
  const { rows } = await pool.query<EwalletPaymentRow>(`SELECT * FROM ewallet_payments WHERE ${condition}`, params);
  return rows[0] ? toView(rows[0]) : undefined;
}
