import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_ID,
  type CustomerRow,
  type CustomerView,
  toCustomerView,
} from '../../read-models/customer-view';
import { GetCustomerQuery } from './get-customer.query';

@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery, CustomerView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetCustomerQuery): Promise<CustomerView | undefined> {
    if (!CUSTOMER_ID.test(query.customerId)) return undefined;
    const { rows } = await this.pool.query<CustomerRow>(
      `SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE customer_id = $1 AND business_id = $2 AND mode = $3`,
      [query.customerId, query.businessId, query.mode],
    );
    return rows[0] ? toCustomerView(rows[0]) : undefined;
  }
}
