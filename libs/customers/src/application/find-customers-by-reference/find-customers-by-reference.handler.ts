import { invalidField } from '@gateway/domain';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { CUSTOMER_COLUMNS, type CustomerRow, toCustomerView } from '../../read-models/customer-view';
import { type CustomerPage, FindCustomersByReferenceQuery } from './find-customers-by-reference.query';

@QueryHandler(FindCustomersByReferenceQuery)
export class FindCustomersByReferenceHandler implements IQueryHandler<FindCustomersByReferenceQuery, CustomerPage> {
  constructor(private readonly pool: Pool) {}

  async execute(query: FindCustomersByReferenceQuery): Promise<CustomerPage> {
    // One more row than asked for tells whether there is a next page. An unknown after_id (or one
    // of another reference) pages from nothing: refused below, rather than read as "no more".
    const { rows } = await this.pool.query<CustomerRow>(
      `SELECT ${CUSTOMER_COLUMNS} FROM customers c
        WHERE business_id = $1 AND mode = $2 AND reference_id = $3
          AND ($4::text IS NULL OR (created_at, customer_id) > (
                SELECT a.created_at, a.customer_id FROM customers a
                 WHERE a.customer_id = $4 AND a.business_id = $1 AND a.mode = $2 AND a.reference_id = $3))
        ORDER BY created_at, customer_id
        LIMIT $5`,
      [query.businessId, query.mode, query.referenceId, query.afterId ?? null, query.limit + 1],
    );
    if (rows.length === 0 && query.afterId !== undefined) await this.refuseUnknownCursor(query);
    return { customers: rows.slice(0, query.limit).map(toCustomerView), hasMore: rows.length > query.limit };
  }

  /** Asked only when the page is empty: a page after a known cursor is the proof it exists. */
  private async refuseUnknownCursor(query: FindCustomersByReferenceQuery): Promise<void> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM customers WHERE customer_id = $1 AND business_id = $2 AND mode = $3 AND reference_id = $4',
      [query.afterId, query.businessId, query.mode, query.referenceId],
    );
    if (!rowCount) {
      throw invalidField(
        ['after_id'],
        'after_id names no customer with this reference_id in this business and mode: ' +
          "pass the id of the previous page's last customer",
        'isKnownCursor',
        'query',
      );
    }
  }
}
