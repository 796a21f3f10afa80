import type { DomainEvent } from './decider';

/**
 * Each event type's current schema version, one entry per type of the union: a type left out,
 * or one that is not in the union, breaks the build. Version 1 is the shape an event type was
 * first written in; events stored before versions existed carry none and are version 1.
 */
export type EventVersions<TEvent extends DomainEvent> = { readonly [K in TEvent['type']]: number };

/**
 * Turns the data of one event type from `fromVersion` into `fromVersion + 1`. Pure: it gets a
 * copy of the stored data and returns the next shape (it never sees or changes what is stored).
 */
export interface EventUpcaster {
  readonly type: string;
  readonly fromVersion: number;
  readonly upcast: (data: unknown) => unknown;
}

/** One owner's event types with their current versions and the upcasters that lead up to them. */
export interface EventSchemaDeclaration {
  /** Who declares them (a context or the shared kernel): named in startup errors. */
  readonly owner: string;
  readonly versions: Readonly<Record<string, number>>;
  readonly upcasters: readonly EventUpcaster[];
}

/** A typed upcaster: `TFrom` is the data as version `fromVersion` stored it, `TTo` the next version's. */
export function upcaster<TFrom, TTo>(type: string, fromVersion: number, upcast: (data: TFrom) => TTo): EventUpcaster {
  return { type, fromVersion, upcast: upcast as (data: unknown) => unknown };
}

/** A union's declaration, which also names the union's types: the versions table is the one list of them. */
export interface EventUnionDeclaration<TEvent extends DomainEvent> extends EventSchemaDeclaration {
  /** The types in the order the versions table lists them (what a subscription to the owner's streams reads). */
  readonly types: readonly TEvent['type'][];
}

/** The declaration of a union of event types (see EventVersions), with its upcasters. */
export function declareEventSchemas<TEvent extends DomainEvent>(
  owner: string,
  versions: EventVersions<TEvent>,
  upcasters: readonly EventUpcaster[] = [],
): EventUnionDeclaration<TEvent> {
  return { owner, versions: versions, upcasters, types: Object.keys(versions) };
}

/**
 * One change to a snapshot that several event types carry whole (docs/decisions.md, "Versioned
 * events"): the same step for each of them, so the types carrying one snapshot move together.
 * `at` names the data key holding the snapshot (`invoice`, `recurring`); without it the data
 * itself is the snapshot (virtual accounts, payment codes, eWallet payments, card charges).
 */
export function snapshotUpcasters<TFrom, TTo>(
  types: readonly string[],
  fromVersion: number,
  upcast: (snapshot: TFrom) => TTo,
  options: { at?: string } = {},
): EventUpcaster[] {
  const { at } = options;
  return types.map((type) =>
    upcaster<Record<string, unknown>, unknown>(type, fromVersion, (data) =>
      at === undefined ? upcast(data as TFrom) : { ...data, [at]: upcast(data[at] as TFrom) },
    ),
  );
}
