import { searchNewestFirst } from '@gateway/projections';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { DisbursementView } from '../disbursement-view';
import { type DisbursementRow, toView } from '../get-disbursement/disbursement-rows';
import { SearchDisbursementsQuery } from './search-disbursements.query';

const DISBURSEMENTS = { from: 'disbursements', idColumn: 'disbursement_id', recordsMoneyElsewhere: false };

@QueryHandler(SearchDisbursementsQuery)
export class SearchDisbursementsHandler implements IQueryHandler<SearchDisbursementsQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchDisbursementsQuery): Promise<DisbursementView[]> {
    const rows = await searchNewestFirst<DisbursementRow>(this.pool, DISBURSEMENTS, query);
    return rows.map(toView);
  }
}
