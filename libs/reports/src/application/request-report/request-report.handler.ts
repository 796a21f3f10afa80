import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { resolveReportFilter } from '../../domain/report-filter';
import { GetReportQuery } from '../get-report/get-report.query';
import { ReportRunner } from '../report-runner';
import type { ReportWire } from '../report-view';
import { RequestReportCommand } from './request-report.command';

@CommandHandler(RequestReportCommand)
export class RequestReportHandler implements ICommandHandler<RequestReportCommand, ReportWire> {
  constructor(
    private readonly runner: ReportRunner,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: RequestReportCommand): Promise<ReportWire> {
    const { businessId, mode, request } = command;
    const filter = resolveReportFilter(request, await this.runner.now(businessId, mode));
    const reportId = this.ids.prefixed('report_');
    await this.runner.run(reportId, businessId, mode, command.context, (now) => ({
      type: 'RequestReport',
      reportId,
      reportType: request.type,
      format: request.format,
      currency: request.currency,
      filter,
      publicBaseUrl: command.publicBaseUrl,
      now,
    }));
    return this.queries.execute(new GetReportQuery(businessId, mode, reportId, command.publicBaseUrl));
  }
}
