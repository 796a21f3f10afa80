import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { ReportWire } from '../report-view';

/**
 * One report of the caller's business and mode; REPORT_NOT_FOUND_ERROR otherwise (also for an id
 * that cannot be a report's). `publicBaseUrl`: the answered request's (see @gateway/http-edge), for
 * the download `url`; the configured address without it.
 */
export class GetReportQuery extends Query<ReportWire> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly reportId: string,
    readonly publicBaseUrl?: string,
  ) {
    super();
  }
}
