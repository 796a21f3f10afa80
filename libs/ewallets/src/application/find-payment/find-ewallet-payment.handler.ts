import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type EwalletPaymentRow, type EwalletPaymentView, toView } from '../../read-models/ewallet-payment-view';
import { FindCheckoutQuery, FindEwalletPaymentQuery } from './find-ewallet-payment.query';

@QueryHandler(FindEwalletPaymentQuery)
export class FindEwalletPaymentHandler implements IQueryHandler<
  FindEwalletPaymentQuery,
  EwalletPaymentView | undefined
> {
  constructor(private readonly pool: Pool) {}

  async execute(query: FindEwalletPaymentQuery): Promise<EwalletPaymentView | undefined> {
    const { rows } = await this.pool.query<EwalletPaymentRow>(
      'SELECT * FROM ewallet_payments WHERE business_id = $1 AND mode = $2 AND ewallet_type = $3 AND external_id = $4',
      [query.businessId, query.mode, query.ewalletType, query.externalId],
    );
    return rows[0] ? toView(rows[0]) : undefined;
  }
}

@QueryHandler(FindCheckoutQuery)
export class FindCheckoutHandler implements IQueryHandler<FindCheckoutQuery, EwalletPaymentView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: FindCheckoutQuery): Promise<EwalletPaymentView | undefined> {
    const { rows } = await this.pool.query<EwalletPaymentRow>(
      'SELECT * FROM ewallet_payments WHERE checkout_token = $1',
      [query.checkoutToken],
    );
    return rows[0] ? toView(rows[0]) : undefined;
  }
}
