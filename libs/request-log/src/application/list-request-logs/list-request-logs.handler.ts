import { invalidRequest } from '@gateway/domain';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { statusRangeOf } from '../../domain/status-class';
import { type RequestLogRow, RequestLogStore, storedRequestOf } from '../../read-models/request-log-store';
import { ListRequestLogsQuery, type RequestLogEntry, type RequestLogPage } from './list-request-logs.query';

@QueryHandler(ListRequestLogsQuery)
export class ListRequestLogsHandler implements IQueryHandler<ListRequestLogsQuery, RequestLogPage> {
  constructor(private readonly store: RequestLogStore) {}

  async execute(query: ListRequestLogsQuery): Promise<RequestLogPage> {
    const { statusClass, status, ...narrowing } = query.filter;
    const range = statusClass ? statusRangeOf(statusClass) : undefined;
    const page = await this.store.list(query.businessId, query.mode, {
      ...narrowing,
      statusMin: status ?? range?.min,
      statusMax: status ?? range?.max,
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
  const { logId, ...request } = storedRequestOf(row);
  return { id: logId, ...request };
}
