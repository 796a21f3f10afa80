import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { StatusClass } from '../../domain/status-class';
import type { RequestLogFilter } from '../../read-models/request-log-store';
import type { StoredRequest } from '../record/stored-request';

/** The store's filter, with the status range given as a class (`2xx`) or one status. */
export interface RequestLogQueryFilter extends Omit<RequestLogFilter, 'statusMin' | 'statusMax'> {
  statusClass?: StatusClass;
  status?: number;
  /** 1..100. */
  limit: number;
}

/**
 * One logged request as the API and the dashboard show it: the stored request (bodies already
 * redacted and capped), under its log id.
 */
export interface RequestLogEntry extends Omit<StoredRequest, 'logId'> {
  id: string;
}

export interface RequestLogPage {
  entries: RequestLogEntry[];
  hasMore: boolean;
}

/**
 * A page of one business's request log in one mode, newest first. Throws API_VALIDATION_ERROR
 * when a cursor names no entry of that business and mode (or one already past retention).
 */
export class ListRequestLogsQuery extends Query<RequestLogPage> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly filter: RequestLogQueryFilter,
  ) {
    super();
  }
}
