import type { RecordedEvent } from '@gateway/event-store';
import { applyDecorators, Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { type Projection, ReadModelProjection } from './projection';

/** What the runner needs to know of a projection besides `apply`: see `Projection`. */
export interface ProjectionDescriptor {
  name: string;
  tables: readonly string[];
  eventTypes: readonly string[];
}

/** The `{ type, data }` union a context declares its events with (a `DomainEvent` union). */
export interface TypedEvent {
  type: string;
  data: unknown;
}

/**
 * A recorded event as its context's event union. The runner hands a projection only the types its
 * `eventTypes` lists, each appended by its context in the union's shape (older versions upcast on
 * read): this cast is the one place that relies on it.
 */
export function typedEvent<E extends TypedEvent>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: recorded.data } as E;
}

/** A batch's events in log order, each typed as its context's union, with the recorded event it came from. */
export function* typedEvents<E extends TypedEvent>(
  events: readonly RecordedEvent[],
): Generator<{ event: E; recorded: RecordedEvent }> {
  for (const recorded of events) yield { event: typedEvent<E>(recorded), recorded };
}

/** Registers a projection class: an injectable provider that the projection runner runs (`@ReadModelProjection`). */
export function InjectableProjection(): ClassDecorator {
  return applyDecorators(ReadModelProjection(), Injectable());
}

/** A projection that says what it is (name, tables, event types) once, to its constructor. */
export abstract class DescribedProjection implements Projection {
  readonly name: string;
  readonly tables: readonly string[];
  readonly eventTypes: readonly string[];

  protected constructor(descriptor: ProjectionDescriptor) {
    this.name = descriptor.name;
    this.tables = descriptor.tables;
    this.eventTypes = descriptor.eventTypes;
  }

  abstract apply(events: RecordedEvent[], tx: ClientBase): Promise<void>;
}

/**
 * A projection that applies its batch one event at a time, in log order, each typed as its
 * context's event union (`typedEvent`): subclasses only say how one event changes their tables.
 */
export abstract class EventByEventProjection<E extends TypedEvent> extends DescribedProjection {
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) await this.applyEvent(typedEvent<E>(recorded), tx, recorded);
  }

  /** Applies one event; `recorded` gives its id, stream and metadata. */
  protected abstract applyEvent(event: E, tx: ClientBase, recorded: RecordedEvent): Promise<void>;
}
