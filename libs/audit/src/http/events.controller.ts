import { DomainError } from '@gateway/domain';
import { type Caller, CurrentCaller, RequirePermissions } from '@gateway/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetStateAsOfQuery } from '../application/get-state-as-of/get-state-as-of.query';
import { type EventFilter, ListEventsQuery } from '../application/list-events/list-events.query';
import { auditEventToWire, stateAsOfToWire } from './audit-event.response';
import { DEFAULT_EVENTS_PAGE, ListEventsRequestDto, StateAsOfRequestDto } from './events.request.dto';

const invalid = (message: string) => new DomainError('API_VALIDATION_ERROR', message);

/** The event history and time travel for auditors (`audit:read`), within the key's business and mode. */
@Controller('events')
export class EventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @RequirePermissions('audit:read')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListEventsRequestDto) {
    const page = await this.queries.execute(
      new ListEventsQuery(filterOf(query), { businessId: caller.businessId, mode: caller.mode }, query.limit ?? DEFAULT_EVENTS_PAGE, query.cursor),
    );
    return { data: page.events.map(auditEventToWire), has_more: page.nextCursor !== undefined, next_cursor: page.nextCursor ?? null };
  }

  @Get('state')
  @RequirePermissions('audit:read')
  async state(@CurrentCaller() caller: Caller, @Query() query: StateAsOfRequestDto) {
    const asOf = /^\d+$/.test(query.as_of) ? { revision: BigInt(query.as_of) } : { time: parseTime(query.as_of, 'as_of') };
    const result = await this.queries.execute(new GetStateAsOfQuery(query.resource, query.id, { businessId: caller.businessId, mode: caller.mode }, asOf));
    return stateAsOfToWire(result);
  }
}

function filterOf(query: ListEventsRequestDto): EventFilter {
  const byResource = query.resource !== undefined || query.id !== undefined;
  const byRequest = query.correlation_id !== undefined;
  const byTime = query.from !== undefined || query.to !== undefined;
  if (byResource && (query.resource === undefined || query.id === undefined)) throw invalid('resource and id go together');
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
  if (Number.isNaN(time.getTime()) || time.getUTCFullYear() < 1 || time.getUTCFullYear() > 9999) throw invalid(`${field} must be an ISO 8601 time`);
  return time;
}
