import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { GetReportQuery } from '../get-report/get-report.query';
import { ReportRunner } from '../report-runner';
import type { ReportWire } from '../report-view';
import { RetryReportCommand } from './retry-report.command';

@CommandHandler(RetryReportCommand)
export class RetryReportHandler implements ICommandHandler<RetryReportCommand, ReportWire> {
  constructor(
    private readonly runner: ReportRunner,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: RetryReportCommand): Promise<ReportWire> {
    const { businessId, mode, reportId } = command;
    // Through the read model first: another business's report id is "not found", not "not failed".
    await this.queries.execute(new GetReportQuery(businessId, mode, reportId));
    await this.runner.run(reportId, businessId, mode, command.context, (now) => ({ type: 'RetryReport', now }));
    return this.queries.execute(new GetReportQuery(businessId, mode, reportId));
  }
}
