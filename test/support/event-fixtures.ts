import { type EventMetadata, type EventStore, type NewEvent } from '@gateway/event-store';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the committed fixture logs live: `v<n>/<EventType>.json`, never regenerated. */
export const EVENT_FIXTURES_DIR = join(__dirname, '..', 'fixtures', 'events');

export interface FixtureEvent {
  id: string;
  stream: string;
  revision: number;
  /** Its place in the log it was captured from (orders the streams of one capture). */
  position: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** One event type in one schema version, with the stream it was written in up to that event. */
export interface EventFixture {
  type: string;
  schemaVersion: number;
  /** The suite and database of the real run it was copied from. */
  capturedFrom: string;
  stream: string;
  events: FixtureEvent[];
}

/** Every fixture of every version directory (`v1`, `v2`, ...), version by version. */
export function loadEventFixtures(): EventFixture[] {
  const versions = readdirSync(EVENT_FIXTURES_DIR)
    .filter((name) => /^v\d+$/.test(name))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  return versions.flatMap((version) => {
    const dir = join(EVENT_FIXTURES_DIR, version);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as EventFixture);
  });
}

/**
 * Every event of the fixtures once, in an order that keeps each capture's log order (so a
 * settlement follows the payment it settles): grouped by capture, by position within one.
 */
export function fixtureLog(fixtures: readonly EventFixture[]): FixtureEvent[] {
  const byId = new Map<string, { event: FixtureEvent; capture: string }>();
  for (const fixture of fixtures) {
    for (const event of fixture.events) byId.set(event.id, { event, capture: fixture.capturedFrom });
  }
  return [...byId.values()]
    .sort((a, b) => (a.capture === b.capture ? a.event.position - b.event.position : a.capture < b.capture ? -1 : 1))
    .map(({ event }) => event);
}

/** Appends the log as it was stored, each event at its own revision (through the store given). */
export async function appendFixtureLog(store: EventStore, log: readonly FixtureEvent[]): Promise<void> {
  for (const event of log) {
    const recorded: NewEvent = { id: event.id, type: event.type, data: event.data, metadata: event.metadata };
    await store.append(event.stream, [recorded], event.revision === 0 ? 'no_stream' : BigInt(event.revision - 1));
  }
}
