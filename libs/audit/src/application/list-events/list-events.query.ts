import { Query } from '@nestjs/cqrs';
import type { ResourceOwner } from '../audited-resource';
import type { AuditEvent } from '../audit-event';

export type EventFilter =
  | { kind: 'resource'; resource: string; id: string }
  | { kind: 'correlation'; correlationId: string }
  | { kind: 'business'; from?: Date; to?: Date };

export interface EventPage {
  events: AuditEvent[];
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

/**
 * The events of one resource (in stream order), of one request (every stream it touched, in
 * log order), or of the caller's business over a time range (by recording time); only ever
 * the caller's business and mode.
 */
export class ListEventsQuery extends Query<EventPage> {
  constructor(
    readonly filter: EventFilter,
    readonly owner: ResourceOwner,
    readonly limit: number,
    readonly cursor?: string,
  ) {
    super();
  }
}
