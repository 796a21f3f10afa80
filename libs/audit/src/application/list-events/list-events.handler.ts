import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { AppConfig } from '@gateway/config';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { AuditErrors } from '../../domain/audit.errors';
import { belongsTo, toAuditEvent } from '../audit-event';
import { AuditedResources } from '../audited-resources';
import { eventsOfBusiness, eventsOfRequest } from './event-log-queries';
import { type EventPage, ListEventsQuery } from './list-events.query';
import { decodeCursor, encodeCursor } from './event-cursor';

@QueryHandler(ListEventsQuery)
export class ListEventsHandler implements IQueryHandler<ListEventsQuery, EventPage> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pool: Pool,
    private readonly config: AppConfig,
    private readonly resources: AuditedResources,
  ) {}

  async execute(query: ListEventsQuery): Promise<EventPage> {
    const { filter, owner, limit } = query;
    if (filter.kind === 'resource') {
      const resource = this.resources.byName(filter.resource);
      if (!resource) throw AuditErrors.unknownResource(filter.resource, this.resources.names());
      const after = decodeCursor(query.cursor, 'revision');
      const stream = resource.streamOf(filter.id, owner);
      const [first] = await this.store.readStream(stream, { maxCount: 1 });
      // Another business's (or mode's) resource does not exist for this caller.
      if (!first || !belongsTo(first.metadata, owner)) throw AuditErrors.notFound(filter.resource, filter.id);
      const events = await this.store.readStream(stream, {
        fromRevision: after === undefined ? 0n : after + 1n,
        maxCount: limit + 1,
      });
      const page = events.slice(0, limit);
      return {
        events: page.filter((event) => belongsTo(event.metadata, owner)).map(toAuditEvent),
        nextCursor: events.length > limit ? encodeCursor('revision', page[page.length - 1].revision) : undefined,
      };
    }
    if (this.config.EVENT_STORE !== 'postgres') throw AuditErrors.needsPostgres();
    if (filter.kind === 'correlation') {
      const rows = await eventsOfRequest(
        this.pool,
        owner,
        filter.correlationId,
        decodeCursor(query.cursor, 'position'),
        limit + 1,
      );
      const page = rows.slice(0, limit);
      return {
        events: page.map((row) => toAuditEvent(row.event)),
        nextCursor:
          rows.length > limit ? encodeCursor('position', page[page.length - 1].event.position.prepare) : undefined,
      };
    }
    const after = decodeCursor(query.cursor, 'time');
    const rows = await eventsOfBusiness(this.pool, owner, filter, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      events: page.map((row) => toAuditEvent(row.event)),
      nextCursor:
        rows.length > limit
          ? encodeCursor('time', { recordedMicros: last.recordedMicros, position: last.event.position.prepare })
          : undefined,
    };
  }
}
