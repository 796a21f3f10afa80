import { randomUUID } from 'node:crypto';
import { EventStoreUnavailableError } from '../event-store.errors';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// Nothing listens on port 1: every call fails fast with a refused connection.
const UNREACHABLE = 'esdb://127.0.0.1:1?tls=false';

describe('EventStoreDbEventStore without a server', () => {
  let store: EventStoreDbEventStore;

  beforeEach(() => {
    store = new EventStoreDbEventStore(UNREACHABLE, {
      pingTimeoutMs: 2_000,
      reconnect: { initialDelayMs: 1, maxDelayMs: 5, maxAttempts: 2, stableAfterMs: 60_000 },
    });
  });
  afterEach(async () => store.close());

  it('reports every call as EventStoreUnavailableError', async () => {
    const event = {
      id: randomUUID(),
      type: 'Opened',
      data: {},
      metadata: { correlationId: 'c', actor: 'system:test', occurredAt: new Date(0).toISOString() },
    };
    await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.append('offline-1', [event], 'no_stream')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readStream('offline-1')).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(store.readAll()).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('gives up subscribing after the configured attempts', async () => {
    const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toBeInstanceOf(EventStoreUnavailableError);
  });

  it('refuses an empty append and a negative expected revision before calling the server', async () => {
    await expect(store.append('offline-2', [], 'any')).rejects.toThrow('at least one event');
    const event = {
      id: randomUUID(),
      type: 'A',
      data: {},
      metadata: { correlationId: 'c', actor: 'a', occurredAt: 'x' },
    };
    await expect(store.append('offline-2', [event], -1n)).rejects.toBeInstanceOf(RangeError);
  });
});
