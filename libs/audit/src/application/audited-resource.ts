import type { Decider } from '@gateway/domain';

export interface ResourceOwner {
  businessId: string;
  mode: 'test' | 'live';
}

/**
 * How auditors reach one kind of aggregate: the name they ask for (`GET /events?resource=`),
 * its stream category, the stream of one instance, and the decider the write side folds it
 * with, so `as_of` and `streams replay` compute state with exactly the write side's rules.
 */
export interface AuditedResource {
  /** Public name, e.g. `disbursement`; lowercase letters and underscores. */
  readonly resource: string;
  /** The stream category (`<category>-<id>`) this resource's streams belong to. */
  readonly category: string;
  /** The stream of one instance; the owner is the caller's, for streams keyed per business. */
  streamOf(id: string, owner: ResourceOwner): string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly decider: Pick<Decider<any, any, any>, 'initialState' | 'evolve'>;
}

/** What a context provides: a Nest provider decorated with @AuditsResources(). */
export interface AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[];
}

export const AUDITED_RESOURCES_METADATA = Symbol('gateway:audited-resources');

/** Marks a provider implementing AuditedResourceSource; the audit context discovers it. */
export function AuditsResources(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(AUDITED_RESOURCES_METADATA, true, target);
  };
}

/** Folds recorded events with a resource's decider, as the write side does when it loads. */
export function evolveWith(resource: AuditedResource, state: unknown, event: { type: string; data: unknown }): unknown {
  return resource.decider.evolve(state, { type: event.type, data: event.data });
}
