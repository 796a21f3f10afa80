import { LedgerModule } from '@gateway/ledger';

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ReportDownloads } from './application/download-report/report-downloads';
import { GenerateReportJob } from './application/generate-report/generate-report.job';
import { GetReportHandler } from './application/get-report/get-report.handler';
import { ListReportsHandler } from './application/list-reports/list-reports.handler';
import { ReportLinks } from './application/report-links';
import { ReportRunner } from './application/report-runner';
import { RequestReportHandler } from './application/request-report/request-report.handler';
import { RetryReportHandler } from './application/retry-report/retry-report.handler';
import { ReportCallbackRenderer } from './http/report-callback.renderer';
import { ReportsController } from './http/reports.controller';
import { ReportsProjection } from './read-models/reports.projection';

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [RequestReportHandler, RetryReportHandler];
/** Queries answered from its read models. */
const queryHandlers = [GetReportHandler, ListReportsHandler];
/** Read models it builds from the log. */
const projections = [ReportsProjection];
/** Durable scheduler jobs. */
const jobs = [GenerateReportJob];
/** Callback bodies it renders for the webhook dispatcher. */
const callbackRenderers = [ReportCallbackRenderer];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [ReportRunner, ReportLinks, ReportDownloads];

@Module({
  imports: [CqrsModule, LedgerModule],
  controllers: [ReportsController],
  providers: [...commandHandlers, ...queryHandlers, ...projections, ...jobs, ...callbackRenderers, ...services],
})
export class ReportsModule {}
