import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { StatusClass } from '../../domain/status-class';

export interface RequestLogQueryFilter {
  statusClass?: StatusClass;
  status?: number;
  method?: string;
  route?: string;
  errorCode?: string;
  requestId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  /** 1..100. */
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

/** One logged request as the API and the dashboard show it: bodies already redacted and capped. */
export interface RequestLogEntry {
  id: string;
  requestId: string;
  clientRequestId: string | null;
  businessId: string;
  mode: Mode;
  keyId: string;
  platformBusinessId: string | null;
  method: string;
  route: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  apiVersion: string | null;
  requestBody: string | null;
  requestBodyTruncated: boolean;
  responseBody: string | null;
  responseBodyTruncated: boolean;
  requestedAt: Date;
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
