import { Clock } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { ReportErrors } from '../../domain/report.errors';
import { readReportContent } from '../generate-report/report-content';
import { ReportLinks } from '../report-links';

export interface ReportDownload {
  fileName: string;
  sizeBytes: number;
  chunks: AsyncGenerator<Buffer>;
}

/**
 * Opens a signed download link: the signature must match, the link must name the report's
 * own expiry, and that expiry must not have passed on the report's business clock (test
 * mode: the test clock, so tests can let a link expire).
 */
@Injectable()
export class ReportDownloads {
  constructor(
    private readonly pool: Pool,
    private readonly links: ReportLinks,
    private readonly clock: Clock,
  ) {}

  async open(reportId: string, expires: number, signature: string): Promise<ReportDownload> {
    if (!(await this.links.verify(reportId, expires, signature))) throw ReportErrors.linkInvalid();
    const { rows } = await this.pool.query<{
      business_id: string;
      mode: 'test' | 'live';
      status: string;
      link_expires_at: Date | null;
      size_bytes: string | null;
    }>('SELECT business_id, mode, status, link_expires_at, size_bytes FROM reports WHERE report_id = $1', [reportId]);
    const report = rows[0];
    if (!report) throw ReportErrors.linkInvalid();
    if (report.status !== 'COMPLETED' || !report.link_expires_at) throw ReportErrors.notReady(reportId, report.status);
    if (Math.floor(report.link_expires_at.getTime() / 1000) !== expires) throw ReportErrors.linkInvalid();
    const now = await this.clock.now({ businessId: report.business_id, mode: report.mode });
    if (now.getTime() >= report.link_expires_at.getTime()) throw ReportErrors.linkExpired(reportId);
    return {
      fileName: `${reportId}.csv`,
      sizeBytes: Number(report.size_bytes ?? 0),
      chunks: readReportContent(this.pool, reportId),
    };
  }
}
