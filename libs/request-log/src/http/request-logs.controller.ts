import { invalidRequest } from '@gateway/domain';
import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, CurrentCaller, exemptFromRequestLog, RequirePermissions } from '@gateway/http-edge';
import { Controller, Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { ListRequestLogsQuery } from '../application/list-request-logs/list-request-logs.query';
import { DEFAULT_REQUEST_LOG_PAGE, ListRequestLogsRequestDto } from './list-request-logs.request.dto';
import { REQUEST_LOG_PAGE_SCHEMA, requestLogPageToWire } from './request-log.response';

/**
 * The API request log of the caller's business and mode: every authenticated request with its
 * status, error code, latency and redacted bodies. `audit:read`, like the event history: the
 * bodies of every product are in it. Reading it is not logged (a `logs tail` would otherwise
 * print its own polls).
 */
@ApiTag(
  'Request log',
  'Every authenticated API request of the business and mode, with its answer: for finding out what went wrong.',
)
@Controller('request_logs')
export class RequestLogsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiDoc({
    summary: 'List API requests (the request log)',
    description: [
      "Every authenticated request of the key's business and mode, newest first: method, route, status, " +
        '`error_code`, latency, `Request-ID`, key and time,',
      'with both bodies redacted (secrets, card numbers, CVNs, ' +
        'keys) and cut at REQUEST_LOG_BODY_LIMIT. Failed calls are there (validation, not found, 5xx);',
      'requests refused before authentication (401) are not. Entries are written a moment after the answer and kept ' +
        'REQUEST_LOG_RETENTION_DAYS.',
      'Page older with `starting_after` (the last id of a page), ' +
        'newer with `ending_before` (what `cli logs tail` does). Reading the log is not logged.',
    ].join(' '),
    operationId: 'listRequestLogs',
    response: REQUEST_LOG_PAGE_SCHEMA,
  })
  @RequirePermissions('audit:read')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListRequestLogsRequestDto, @Req() request: Request) {
    exemptFromRequestLog(request);
    if (query.starting_after && query.ending_before)
      throw invalidRequest('starting_after and ending_before cannot be used together');
    if (query.status_class && query.status !== undefined)
      throw invalidRequest('status_class and status cannot be used together');
    const page = await this.queries.execute(
      new ListRequestLogsQuery(caller.businessId, caller.mode, {
        statusClass: query.status_class,
        status: query.status,
        method: query.method,
        route: query.route,
        errorCode: query.error_code,
        requestId: query.request_id,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        limit: query.limit ?? DEFAULT_REQUEST_LOG_PAGE,
        startingAfter: query.starting_after,
        endingBefore: query.ending_before,
      }),
    );
    return requestLogPageToWire(page);
  }
}
