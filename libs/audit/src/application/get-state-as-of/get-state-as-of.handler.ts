import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AuditErrors } from '../../domain/audit.errors';
import { evolveWith } from '../audited-resource';
import { AuditedResources } from '../audited-resources';
import { belongsTo } from '../audit-event';
import { jsonSafe } from '../json-safe';
import { GetStateAsOfQuery, type StateAsOf } from './get-state-as-of.query';

/** Replays the resource's stream with the write side's decider, stopping at `as_of`. */
@QueryHandler(GetStateAsOfQuery)
export class GetStateAsOfHandler implements IQueryHandler<GetStateAsOfQuery, StateAsOf> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly resources: AuditedResources,
  ) {}

  async execute({ resource: name, id, owner, asOf }: GetStateAsOfQuery): Promise<StateAsOf> {
    const resource = this.resources.byName(name);
    if (!resource) throw AuditErrors.unknownResource(name, this.resources.names());
    const stream = resource.streamOf(id, owner);
    const events = await this.store.readStream(stream);
    if (events.length === 0 || !belongsTo(events[0].metadata, owner)) throw AuditErrors.notFound(name, id);
    const included = events.filter((event) =>
      'revision' in asOf ? event.revision <= asOf.revision : event.recordedAt.getTime() <= asOf.time.getTime(),
    );
    if (included.length === 0) throw AuditErrors.notBefore(name, id, 'time' in asOf ? asOf.time.toISOString() : '');
    if ('revision' in asOf && included[included.length - 1].revision !== asOf.revision)
      throw AuditErrors.revisionNotFound(name, id, asOf.revision);
    let state: unknown = resource.decider.initialState;
    for (const event of included) state = evolveWith(resource, state, event);
    const last = included[included.length - 1];
    return {
      resource: name,
      id,
      stream,
      revision: last.revision.toString(),
      recordedAt: last.recordedAt.toISOString(),
      occurredAt: last.metadata.occurredAt,
      eventsApplied: included.length,
      state: jsonSafe(state),
    };
  }
}
