import { DomainError } from '@gateway/domain';
import {
  type AppendResult,
  type CommandMetadata,
  DuplicateEventIdError,
  EVENT_STORE,
  type EventStore,
  type NewEvent,
  toNewEvent,
  WrongExpectedRevisionError,
} from '@gateway/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type BalanceCommand, balanceDecider, type BalanceState } from '../../domain/balance.decider';
import type { BalanceEvent } from '../../domain/balance.events';

interface Job {
  command: BalanceCommand;
  metadata: CommandMetadata;
  /** Deterministic ids make a credit idempotent: an id already in the store means "done before". */
  eventIds?: string[];
  resolve: (outcome: BalanceOutcome) => void;
  reject: (error: unknown) => void;
}

export interface BalanceOutcome {
  /** What this command appended (empty: nothing, e.g. a movement decided before). */
  events: BalanceEvent[];
  /** Absent when nothing was appended. */
  appended?: AppendResult;
  /** The state the command was decided on (absent after a duplicate event id: done before). */
  decidedOn?: BalanceState;
}

interface Decided {
  job: Job;
  events: BalanceEvent[];
  newEvents: NewEvent[];
  decidedOn: BalanceState;
  /** The decider said no (e.g. a disbursement the balance cannot cover). */
  refused?: DomainError;
}

function answer({ job, events, decidedOn, refused }: Decided, appended?: AppendResult): void {
  if (refused) job.reject(refused);
  else job.resolve(events.length > 0 && appended ? { events, appended, decidedOn } : { events, decidedOn });
}

interface Cached {
  state: BalanceState;
  revision: bigint | 'no_stream';
}

const MAX_JOBS_PER_APPEND = 500;
const MAX_CONFLICT_ROUNDS = 100;

/**
 * The one writer of balance streams in this process. Commands for one stream queue up; each
 * round decides every queued command in turn against the state (a refused one fails alone),
 * then appends all resulting events in ONE append with the expected revision: a hot balance
 * needs one round trip for many debits and credits, and the no-overdraft rule still holds
 * across processes, since a concurrent writer makes the append fail and the round is decided
 * again on the new state. The state is cached and only the stream's tail is read before each
 * round.
 */
@Injectable()
export class BalanceWriter {
  private readonly queues = new Map<string, Job[]>();
  private readonly draining = new Set<string>();
  private readonly cache = new Map<string, Cached>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute(
    stream: string,
    command: BalanceCommand,
    metadata: CommandMetadata,
    eventIds?: string[],
  ): Promise<BalanceOutcome> {
    return new Promise<BalanceOutcome>((resolve, reject) => {
      const queue = this.queues.get(stream) ?? [];
      queue.push({ command, metadata, eventIds, resolve, reject });
      this.queues.set(stream, queue);
      if (!this.draining.has(stream)) void this.drain(stream);
    });
  }

  /** The current state (for tests and diagnostics). */
  async stateOf(stream: string): Promise<BalanceState> {
    return (await this.refresh(stream)).state;
  }

  private async drain(stream: string): Promise<void> {
    this.draining.add(stream);
    try {
      for (;;) {
        const queue = this.queues.get(stream);
        if (!queue || queue.length === 0) break;
        const jobs = queue.splice(0, MAX_JOBS_PER_APPEND);
        await this.round(stream, jobs).catch((error: unknown) => {
          for (const job of jobs) job.reject(error);
        });
      }
    } finally {
      this.draining.delete(stream);
      this.queues.delete(stream);
      // No await between the last check and here: a job queued later starts its own drain.
    }
  }

  private async round(stream: string, jobs: Job[]): Promise<void> {
    let pending = jobs;
    // After a duplicate in a shared append the store does not say whose it was: go one by one.
    let perAppend = jobs.length;
    let conflicts = 0;
    while (pending.length > 0) {
      const taken = pending.slice(0, perAppend);
      const rest = pending.slice(perAppend);
      const loaded = await this.refresh(stream);
      let state = loaded.state;
      const decided: Decided[] = [];
      for (const job of taken) {
        const decidedOn = state;
        try {
          const events = balanceDecider.decide(job.command, state);
          state = events.reduce((s, event) => balanceDecider.evolve(s, event), state);
          const ids = job.eventIds ?? [];
          const newEvents = events.map((event, index) =>
            toNewEvent(event, job.metadata, () => ids[index] ?? randomUUID()),
          );
          decided.push({ job, events, newEvents, decidedOn });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          decided.push({ job, events: [], newEvents: [], decidedOn, refused: error });
        }
      }
      pending = rest;
      const toAppend = decided.flatMap((d) => d.newEvents);
      if (toAppend.length === 0) {
        // Nothing new (refused, or movements decided before): true of the stream as this round read it.
        for (const entry of decided) answer(entry);
        continue;
      }
      // Every answer of the round (a refusal, an "already reserved") may rest on the events
      // decided before it in this round: given only once those are committed, or decided again.
      try {
        const appended = await this.store.append(stream, toAppend, loaded.revision);
        this.cache.set(stream, { state, revision: appended.nextExpectedRevision });
        for (const entry of decided) answer(entry, appended);
      } catch (error) {
        if (error instanceof DuplicateEventIdError) {
          const appending = decided.filter((d) => d.events.length > 0);
          if (decided.length === 1) appending[0].job.resolve({ events: [] });
          else {
            perAppend = 1;
            pending = [...decided.map((d) => d.job), ...rest];
          }
        } else if (error instanceof WrongExpectedRevisionError && conflicts < MAX_CONFLICT_ROUNDS) {
          conflicts += 1;
          pending = [...decided.map((d) => d.job), ...rest];
          await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3)));
        } else {
          throw error;
        }
      }
    }
  }

  /** The cached state brought up to date with the stream's tail. */
  private async refresh(stream: string): Promise<Cached> {
    let cached = this.cache.get(stream) ?? { state: balanceDecider.initialState, revision: 'no_stream' as const };
    const tail = await this.store.readStream(
      stream,
      cached.revision === 'no_stream' ? {} : { fromRevision: cached.revision + 1n },
    );
    if (tail.length > 0) {
      let state = cached.state;
      for (const recorded of tail)
        state = balanceDecider.evolve(state, { type: recorded.type, data: recorded.data } as BalanceEvent);
      cached = { state, revision: tail[tail.length - 1].revision };
      this.cache.set(stream, cached);
    }
    return cached;
  }
}
