import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { ReportErrors } from '../../domain/report.errors';
import type { ReportFormat, ReportType } from '../../domain/report.events';
import { ReportLinks } from '../report-links';
import type { ReportWire } from '../report-view';
import { GetReportQuery } from './get-report.query';

export interface ReportRow {
  report_id: string;
  business_id: string;
  type: ReportType;
  format: ReportFormat;
  currency: string;
  filter_from: Date;
  filter_to: Date;
  status: ReportWire['status'];
  link_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

@QueryHandler(GetReportQuery)
export class GetReportHandler implements IQueryHandler<GetReportQuery, ReportWire> {
  constructor(
    private readonly pool: Pool,
    private readonly links: ReportLinks,
  ) {}

  async execute(query: GetReportQuery): Promise<ReportWire> {
    const { rows } = await this.pool.query<ReportRow>(
      'SELECT * FROM reports WHERE report_id = $1 AND business_id = $2 AND mode = $3',
      [query.reportId, query.businessId, query.mode],
    );
    const row = rows[0];
    if (!row) throw ReportErrors.notFound(query.reportId);
    return reportRowToWire(row, this.links, query.publicBaseUrl);
  }
}

/** A `reports` row as the API shows it (with a fresh signed link once completed, under `publicBaseUrl` when given). */
export async function reportRowToWire(row: ReportRow, links: ReportLinks, publicBaseUrl?: string): Promise<ReportWire> {
  return {
    id: row.report_id,
    type: row.type,
    status: row.status,
    filter: { from: row.filter_from.toISOString(), to: row.filter_to.toISOString() },
    format: row.format,
    ...(row.status === 'COMPLETED' &&
      row.link_expires_at && { url: await links.urlFor(row.report_id, row.link_expires_at, publicBaseUrl) }),
    currency: row.currency,
    business_id: row.business_id,
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  };
}
