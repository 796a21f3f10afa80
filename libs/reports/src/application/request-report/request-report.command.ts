import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { ReportFormat, ReportType } from '../../domain/report.events';
import type { ReportWire } from '../report-view';

export interface ReportRequest {
  type: ReportType;
  format: ReportFormat;
  currency: string;
  from?: Date;
  to?: Date;
}

export class RequestReportCommand extends Command<ReportWire> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly request: ReportRequest,
    readonly context: RequestContext,
    /**
     * Where the request reached the gateway (`publicBaseUrl()` of @gateway/http-edge): the report's links in callbacks
     * and answers.
     */
    readonly publicBaseUrl?: string,
  ) {
    super();
  }
}
