import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type ReportRow, reportRowToWire } from '../get-report/get-report.handler';
import { ReportLinks } from '../report-links';
import type { ReportWire } from '../report-view';
import { ListReportsQuery } from './list-reports.query';

@QueryHandler(ListReportsQuery)
export class ListReportsHandler implements IQueryHandler<ListReportsQuery, ReportWire[]> {
  constructor(
    private readonly pool: Pool,
    private readonly links: ReportLinks,
  ) {}

  async execute(query: ListReportsQuery): Promise<ReportWire[]> {
    const { rows } = await this.pool.query<ReportRow>(
      'SELECT * FROM reports WHERE business_id = $1 AND mode = $2 ORDER BY created_at DESC, report_id LIMIT $3',
      [query.businessId, query.mode, Math.min(Math.max(query.limit, 1), 200)],
    );
    return Promise.all(rows.map((row) => reportRowToWire(row, this.links)));
  }
}
