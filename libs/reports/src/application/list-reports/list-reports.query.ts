import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { ReportWire } from '../report-view';

/** The latest reports of a business and mode, newest first (the dashboard's report list). */
export class ListReportsQuery extends Query<ReportWire[]> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly limit: number,
  ) {
    super();
  }
}
