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
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [RequestReportHandler, RetryReportHandler],
  queryHandlers: [GetReportHandler, ListReportsHandler],
  projections: [ReportsProjection],
  jobs: [GenerateReportJob],
  callbackRenderers: [ReportCallbackRenderer],
  services: [ReportRunner, ReportLinks, ReportDownloads],
});

@Module({
  imports: [CqrsModule, LedgerModule],
  controllers: [ReportsController],
  providers,
})
export class ReportsModule {}
