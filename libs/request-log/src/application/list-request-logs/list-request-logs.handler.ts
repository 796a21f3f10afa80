import { invalidRequest } from '@gateway/domain';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { statusRangeOf } from '../../domain/status-class';
import { type RequestLogRow, RequestLogStore } from '../../read-models/request-log-store';
import { ListRequestLogsQuery, type RequestLogEntry, type RequestLogPage } from './list-request-logs.query';

@QueryHandler(ListRequestLogsQuery)
export class ListRequestLogsHandler implements IQueryHandler<ListRequestLogsQuery, RequestLogPage> {
  constructor(private readonly store: RequestLogStore) {}

  async execute(query: ListRequestLogsQuery): Promise<RequestLogPage> {
    const { filter } = query;
    const range = filter.statusClass ? statusRangeOf(filter.statusClass) : undefined;
    const page = await this.store.list(query.businessId, query.mode, {
      statusMin: filter.status ?? range?.min,
      statusMax: filter.status ?? range?.max,
      method: filter.method,
      route: filter.route,
      errorCode: filter.errorCode,
      requestId: filter.requestId,
      createdAfter: filter.createdAfter,
      createdBefore: filter.createdBefore,
      limit: filter.limit,
      startingAfter: filter.startingAfter,
      endingBefore: filter.endingBefore,
    });
    if (page.unknownCursor) {
      throw invalidRequest(
        `${page.unknownCursor} names no entry of this request log (unknown, another mode's, or past retention)`,
      );
    }
    return { entries: page.rows.map(entryOf), hasMore: page.hasMore };
  }
}

function entryOf(row: RequestLogRow): RequestLogEntry {
  return {
    id: row.log_id,
    requestId: row.request_id,
    clientRequestId: row.client_request_id,
    businessId: row.business_id,
    mode: row.mode,
    keyId: row.key_id,
    platformBusinessId: row.platform_business_id,
    method: row.method,
    route: row.route,
    path: row.path,
    status: row.status,
    errorCode: row.error_code,
    latencyMs: row.latency_ms,
    apiVersion: row.api_version,
    requestBody: row.request_body,
    requestBodyTruncated: row.request_body_truncated,
    responseBody: row.response_body,
    responseBodyTruncated: row.response_body_truncated,
    requestedAt: row.requested_at,
  };
}
