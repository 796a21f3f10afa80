import { RequestLogSink } from '@gateway/http-edge';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ListRequestLogsHandler } from './application/list-request-logs/list-request-logs.handler';
import { RequestLogWriter } from './application/record/request-log-writer';
import { RequestLogSweeper } from './application/sweep/request-log-sweeper';
import { RequestLogsController } from './http/request-logs.controller';
import { RequestLogStore } from './read-models/request-log-store';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  queryHandlers: [ListRequestLogsHandler],
  services: [
    RequestLogStore,
    RequestLogWriter,
    { provide: RequestLogSink, useExisting: RequestLogWriter },
    RequestLogSweeper,
  ],
});

/**
 * The API request log: the edge's RequestLogSink (batched writer), retention, `GET /request_logs`
 * and the query the dashboard's page uses. Imported by the api (the process that serves requests).
 */
@Module({
  imports: [CqrsModule],
  controllers: [RequestLogsController],
  providers,
  exports: [RequestLogSink, RequestLogWriter, RequestLogSweeper],
})
export class RequestLogModule {}
