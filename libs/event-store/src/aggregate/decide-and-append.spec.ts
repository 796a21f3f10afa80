import type { Decider } from '@gateway/domain';
import { storeForSuite } from '@gateway/testing';
import { eventStoreMigrations } from '../postgres/event-store.migrations';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { decideAndAppend } from './decide-and-append';

type Event = { type: 'Opened'; data: { by: string } };
/** Opening twice is refused: the decision depends on the stream's real state. */
const door: Decider<{ type: 'Open'; by: string }, { open: boolean; by?: string }, Event> = {
  initialState: { open: false },
  decide: (command, state) => {
    if (state.open) throw new Error(`already opened by ${state.by}`);
    return [{ type: 'Opened', data: { by: command.by } }];
  },
  evolve: (_state, event) => ({ open: true, by: event.data.by }),
};
const metadata = { correlationId: 'test', actor: 'system:test', occurredAt: new Date(0) };

describe('decideAndAppend with newStream', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));

  it('appends to a new stream without reading it first', async () => {
    const decision = await decideAndAppend(suite.store, 'door-new', door, { type: 'Open', by: 'a' }, metadata, {
      newStream: true,
    });
    expect(decision.revision).toBe(0n);
    expect((await suite.store.readStream('door-new')).map((e) => e.data)).toEqual([{ by: 'a' }]);
  });

  it('falls back to the real state when the stream exists after all (the decider then refuses)', async () => {
    await decideAndAppend(suite.store, 'door-taken', door, { type: 'Open', by: 'first' }, metadata);
    await expect(
      decideAndAppend(suite.store, 'door-taken', door, { type: 'Open', by: 'second' }, metadata, { newStream: true }),
    ).rejects.toThrow('already opened by first');
    expect(await suite.store.readStream('door-taken')).toHaveLength(1);
  });
});
