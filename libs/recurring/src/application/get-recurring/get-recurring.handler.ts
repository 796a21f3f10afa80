import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { RecurringErrors } from '../../domain/recurring.errors';
import type { RecurringSnapshot } from '../../domain/recurring.events';
import { GetRecurringPaymentQuery } from './get-recurring.query';

@QueryHandler(GetRecurringPaymentQuery)
export class GetRecurringPaymentHandler implements IQueryHandler<GetRecurringPaymentQuery, RecurringSnapshot> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetRecurringPaymentQuery): Promise<RecurringSnapshot> {
    if (!/^[0-9a-f]{24}$/.test(query.id)) throw RecurringErrors.notFound(query.id);
    const { rows } = await this.pool.query<{ snapshot: RecurringSnapshot }>(
      'SELECT snapshot FROM recurring_payments WHERE recurring_payment_id = $1 AND business_id = $2 AND mode = $3',
      [query.id, query.businessId, query.mode],
    );
    if (rows.length === 0) throw RecurringErrors.notFound(query.id);
    return rows[0].snapshot;
  }
}
