import { invalidRequest } from '@gateway/domain';
import { ApiDoc, ApiTag, type Caller, CurrentCaller, RequirePermissions } from '@gateway/http-edge';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetStateAsOfQuery } from '../application/get-state-as-of/get-state-as-of.query';
import { type EventFilter, ListEventsQuery } from '../application/list-events/list-events.query';
import {
  AUDIT_EVENTS_PAGE_SCHEMA,
  auditEventToWire,
  STATE_AS_OF_SCHEMA,
  stateAsOfToWire,
} from './audit-event.response';
import { DEFAULT_EVENTS_PAGE, ListEventsRequestDto, StateAsOfRequestDto } from './events.request.dto';

const invalid = (message: string) => invalidRequest(message);

/** The event history and time travel for auditors (`audit:read`), within the key's business and mode. */
@ApiTag('Audit', 'The event history behind every resource, and any resource as it was at a revision or a time.')
@Controller('events')
export class EventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiDoc({
    summary: 'List events',
    description:
      'The events of one resource (`resource` and `id`), of one request (`correlation_id`, its Request-ID), ' +
      'or of the business over a time range (`from`, `to`), oldest first, ' +
      "in the key's business and mode. Page with `cursor`.",
    operationId: 'listEvents',
    response: AUDIT_EVENTS_PAGE_SCHEMA,
    errors: ['DATA_NOT_FOUND', 'FEATURE_NOT_AVAILABLE'],
  })
  @RequirePermissions('audit:read')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListEventsRequestDto) {
    const page = await this.queries.execute(
      new ListEventsQuery(
        filterOf(query),
        { businessId: caller.businessId, mode: caller.mode },
        query.limit ?? DEFAULT_EVENTS_PAGE,
        query.cursor,
      ),
    );
    return {
      data: page.events.map(auditEventToWire),
      has_more: page.nextCursor !== undefined,
      next_cursor: page.nextCursor ?? null,
    };
  }

  @Get('state')
  @ApiDoc({
    summary: 'Get a resource as of a revision or a time',
    description:
      "Replays the resource's events up to `as_of` (a revision, " +
      'or an ISO 8601 time) with the decider the write side uses.',
    operationId: 'getStateAsOf',
    response: STATE_AS_OF_SCHEMA,
    errors: ['DATA_NOT_FOUND', 'FEATURE_NOT_AVAILABLE'],
  })
  @RequirePermissions('audit:read')
  async state(@CurrentCaller() caller: Caller, @Query() query: StateAsOfRequestDto) {
    const asOf = /^\d+$/.test(query.as_of)
      ? { revision: BigInt(query.as_of) }
      : { time: parseTime(query.as_of, 'as_of') };
    const result = await this.queries.execute(
      new GetStateAsOfQuery(query.resource, query.id, { businessId: caller.businessId, mode: caller.mode }, asOf),
    );
    return stateAsOfToWire(result);
  }
}

function filterOf(query: ListEventsRequestDto): EventFilter {
  const byResource = query.resource !== undefined || query.id !== undefined;
  const byRequest = query.correlation_id !== undefined;
  const byTime = query.from !== undefined || query.to !== undefined;
  if (byResource && (query.resource === undefined || query.id === undefined))
    throw invalid('resource and id go together');
  if ([byResource, byRequest, byTime].filter(Boolean).length > 1) {
    throw invalid('filter by one of: resource and id, correlation_id, or a from/to time range');
  }
  if (byResource) return { kind: 'resource', resource: query.resource!, id: query.id! };
  if (byRequest) return { kind: 'correlation', correlationId: query.correlation_id! };
  const from = query.from === undefined ? undefined : parseTime(query.from, 'from');
  const to = query.to === undefined ? undefined : parseTime(query.to, 'to');
  if (from && to && from.getTime() > to.getTime()) throw invalid('from must not be after to');
  return { kind: 'business', from, to };
}

function parseTime(text: string, field: string): Date {
  const time = new Date(text);
  // Years the store can hold; a far-away year would otherwise reach PostgreSQL as out of range.
  if (Number.isNaN(time.getTime()) || time.getUTCFullYear() < 1 || time.getUTCFullYear() > 9999)
    throw invalid(`${field} must be an ISO 8601 time`);
  return time;
}
