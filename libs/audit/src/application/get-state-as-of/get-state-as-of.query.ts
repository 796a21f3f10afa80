import { Query } from '@nestjs/cqrs';
import type { ResourceOwner } from '../audited-resource';

export type AsOf = { revision: bigint } | { time: Date };

export interface StateAsOf {
  resource: string;
  id: string;
  stream: string;
  /** The revision of the last event folded in. */
  revision: string;
  /** When that event was recorded, and the time it carried (the business clock). */
  recordedAt: string;
  occurredAt: string;
  eventsApplied: number;
  /** The decider's state, bigint and dates as strings. */
  state: unknown;
}

/** The state of a resource as of a revision, or as of a time (the last event recorded at or before it). */
export class GetStateAsOfQuery extends Query<StateAsOf> {
  constructor(
    readonly resource: string,
    readonly id: string,
    readonly owner: ResourceOwner,
    readonly asOf: AsOf,
  ) {
    super();
  }
}
