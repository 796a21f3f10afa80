import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { ReportWire } from '../report-view';

/** A FAILED report back to PENDING, generated again. */
export class RetryReportCommand extends Command<ReportWire> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly reportId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
