import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { DisbursementErrors } from '../../domain/disbursement.errors';
import type { DisbursementView } from '../disbursement-view';
import { type DisbursementRow, toView } from './disbursement-rows';
import { GetDisbursementQuery, ListDisbursementsByExternalIdQuery } from './get-disbursement.query';

@QueryHandler(GetDisbursementQuery)
export class GetDisbursementHandler implements IQueryHandler<GetDisbursementQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetDisbursementQuery): Promise<DisbursementView> {
    const { rows } = await this.pool.query<DisbursementRow>(
      'SELECT * FROM disbursements WHERE disbursement_id = $1 AND business_id = $2 AND mode = $3',
      [query.disbursementId, query.businessId, query.mode],
    );
    if (rows.length === 0) throw DisbursementErrors.notFound(query.disbursementId);
    return toView(rows[0]);
  }
}

@QueryHandler(ListDisbursementsByExternalIdQuery)
export class ListDisbursementsByExternalIdHandler implements IQueryHandler<ListDisbursementsByExternalIdQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListDisbursementsByExternalIdQuery): Promise<DisbursementView[]> {
    const { rows } = await this.pool.query<DisbursementRow>(
      'SELECT * FROM disbursements WHERE business_id = $1 AND mode = $2 AND external_id = $3 ORDER BY created_at, ' +
        'disbursement_id LIMIT 1000',
      [query.businessId, query.mode, query.externalId],
    );
    if (rows.length === 0) throw DisbursementErrors.notFound(`with external_id ${query.externalId}`);
    return rows.map(toView);
  }
}
