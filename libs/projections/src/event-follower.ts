import type { RecordedEvent } from '@gateway/event-store';
import { applyDecorators, Injectable } from '@nestjs/common';
import { type Projection, ReadModelProjection } from './projection';
import { reactToAll } from './reactions';

type AnyEvent = { type: string; data: unknown };

/** A recorded event of a type a follower reads, its data typed (a union narrows on `type`). */
export type Followed<TEvent extends AnyEvent> = TEvent extends AnyEvent
  ? RecordedEvent<TEvent['data'], TEvent['type']>
  : never;

/**
 * A follower: a durable subscription that reacts to events (a command, an append) instead of
 * keeping tables. The runner gives it a checkpoint and a lease like any projection, so a crash
 * between an event and its reaction is caught up on restart; each reaction must make a replay a
 * no-op. A failed reaction fails the batch, which the runner applies again.
 */
export abstract class EventFollower<TEvent extends AnyEvent> implements Projection {
  readonly tables: readonly string[] = [];
  /** True for a follower whose reaction a merchant or payer waits for (see `Projection.latencySensitive`). */
  readonly latencySensitive: boolean = false;

  protected constructor(
    /** Stable: also the checkpoint key. */
    readonly name: string,
    readonly eventTypes: readonly TEvent['type'][],
    /**
     * `'in-turn'` (default): one event after the other, in log order. `'together'`: a batch's
     * reactions start at once, in log order (`reactToAll`), for reactions that do not depend on
     * each other's outcome.
     */
    private readonly reactions: 'in-turn' | 'together' = 'in-turn',
  ) {}

  async apply(events: RecordedEvent[]): Promise<void> {
    if (this.reactions === 'together') {
      await reactToAll(events, (recorded) => this.follow(recorded as Followed<TEvent>));
      return;
    }
    for (const recorded of events) await this.follow(recorded as Followed<TEvent>);
  }

  /** The reaction to one event of `eventTypes`. */
  protected abstract follow(recorded: Followed<TEvent>): Promise<void>;
}

/** Registers an EventFollower: an injectable projection, run by the projection runner. */
export function Follower(): ClassDecorator {
  return applyDecorators(ReadModelProjection(), Injectable());
}
