import type { Decider } from '@gateway/domain';
import { KeyedExecution, runInKeyedExecution } from '@gateway/runtime';
import { randomUUID } from 'node:crypto';
import { decideAndAppend } from '../aggregate/decide-and-append';
import { contractEvent } from './contract-event';
import { ClaimTakenError, WrongExpectedRevisionError } from '../event-store.errors';
import type { Claim, EventStore } from '../event-store.port';

const HOUR = 3_600_000;
const at = new Date('2027-03-01T00:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const claim = (key: string, until = later(HOUR), from = at): Claim => ({ key, until, at: from });
/** A stream created once, refused after (as an invoice's creation is). */
const creator: Decider<{ type: 'Create' }, { created: boolean }, { type: 'Created'; data: object }> = {
  initialState: { created: false },
  decide: (_command, state) => {
    if (state.created) throw new Error('already created');
    return [{ type: 'Created', data: {} }];
  },
  evolve: () => ({ created: true }),
};
const metadata = { correlationId: 'contract', actor: 'system:contract', occurredAt: new Date(0) };

/**
 * Claims taken with an append (AppendOptions.claims: POOL numbers and retail codes): part of the
 * EventStore contract, so it runs on PostgreSQL and on EventStoreDB. `otherStore` is a second store
 * over the same log (another process: its own connections and append batches).
 */
export function describeClaims(
  store: () => EventStore,
  otherStore: () => EventStore,
  streamName: (label: string) => string,
): void {
  describe('claims taken with an append', () => {
    const key = (label: string) => `claimkey-${label}-${randomUUID()}`;

    it('holds each key for the appending stream until its time', async () => {
      const [name, first, second] = [streamName('claimer'), key('a'), key('b')];
      await store().append(name, [contractEvent('Created')], 'no_stream', { claims: [claim(first), claim(second)] });
      expect(await store().claimHolder(first)).toEqual({ stream: name, until: later(HOUR) });
      expect(await store().claimHolder(second)).toEqual({ stream: name, until: later(HOUR) });
      expect(await store().claimHolder(key('never'))).toBeUndefined();
    });

    it('refuses a key another stream holds, and appends nothing (nor its other claims)', async () => {
      const [holder, late, held, free] = [streamName('holder'), streamName('late'), key('held'), key('free')];
      await store().append(holder, [contractEvent('Created')], 'no_stream', { claims: [claim(held)] });
      const refused = await store()
        .append(late, [contractEvent('Created')], 'no_stream', { claims: [claim(free), claim(held)] })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ClaimTakenError);
      expect((refused as ClaimTakenError).key).toBe(held);
      expect(await store().readStream(late)).toEqual([]);
      expect(await store().claimHolder(free)).toBeUndefined();
      expect((await store().claimHolder(held))?.stream).toBe(holder);
    });

    it("takes over a key whose holder's time passed on the claimant's clock, not before", async () => {
      const [first, second, third, shared] = [streamName('first'), streamName('second'), streamName('third'), key('x')];
      await store().append(first, [contractEvent('Created')], 'no_stream', { claims: [claim(shared, later(HOUR))] });
      const early = claim(shared, later(3 * HOUR), later(HOUR - 1));
      await expect(
        store().append(second, [contractEvent('Created')], 'no_stream', { claims: [early] }),
      ).rejects.toBeInstanceOf(ClaimTakenError);
      const onTime = claim(shared, later(3 * HOUR), later(HOUR));
      await store().append(third, [contractEvent('Created')], 'no_stream', { claims: [onTime] });
      expect(await store().claimHolder(shared)).toEqual({ stream: third, until: later(3 * HOUR) });
    });

    it('keeps a key the same stream claims again (a keyed re-execution), with the new time', async () => {
      const [name, mine] = [streamName('again'), key('mine')];
      await store().append(name, [contractEvent('Created')], 'no_stream', { claims: [claim(mine)] });
      await store().append(name, [contractEvent('Changed')], 0n, { claims: [claim(mine, later(2 * HOUR))] });
      expect(await store().claimHolder(mine)).toEqual({ stream: name, until: later(2 * HOUR) });
    });

    it('takes no key when the append fails its expected revision', async () => {
      const [name, wanted] = [streamName('stale'), key('stale')];
      await store().append(name, [contractEvent('Created')], 'no_stream');
      await expect(
        store().append(name, [contractEvent('Created')], 'no_stream', { claims: [claim(wanted)] }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store().claimHolder(wanted)).toBeUndefined();
    });

    it('gives a key raced by 40 streams over two stores to exactly one, whose events alone are stored', async () => {
      const raced = key('raced');
      const names = Array.from({ length: 40 }, (_, i) => streamName(`racer${i}`));
      // Each racer also claims a key of its own: the losers must not keep theirs.
      const outcomes = await Promise.allSettled(
        names.map((name, i) =>
          (i % 2 === 0 ? store() : otherStore()).append(name, [contractEvent('Created', { i })], 'no_stream', {
            claims: [claim(`${raced}-own${i}`), claim(raced)],
          }),
        ),
      );
      const winners = names.filter((_, i) => outcomes[i].status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ClaimTakenError);
      expect((await store().claimHolder(raced))?.stream).toBe(winners[0]);
      for (const [i, name] of names.entries()) {
        const won = name === winners[0];
        expect(await store().readStream(name)).toHaveLength(won ? 1 : 0);
        expect((await store().claimHolder(`${raced}-own${i}`))?.stream).toBe(won ? name : undefined);
      }
    });

    it('replays a keyed append that met a held key first and then took another, when re-executed', async () => {
      const [holder, name, held, free] = [streamName('kholder'), streamName('keyed'), key('held'), key('free')];
      await store().append(holder, [contractEvent('Created')], 'no_stream', { claims: [claim(held)] });
      const request = { businessId: 'biz', mode: 'test' as const, key: randomUUID(), generation: '1' };
      // What PoolAllocator does: the first probe is held, the next one is taken.
      const claiming = () =>
        runInKeyedExecution(KeyedExecution.of(request), async () => {
          for (const wanted of [held, free]) {
            try {
              return await decideAndAppend(store(), name, creator, { type: 'Create' }, metadata, {
                newStream: true,
                claims: [claim(wanted)],
              });
            } catch (error) {
              if (!(error instanceof ClaimTakenError)) throw error;
            }
          }
          throw new Error('no key left');
        });
      const first = await claiming();
      // A re-execution after a crash that came after the commit: the same request, the same path.
      const again = await claiming();
      expect(again.replayed).toBe(true);
      expect(again.events).toEqual(first.events);
      expect(await store().readStream(name)).toHaveLength(1);
      expect((await store().claimHolder(free))?.stream).toBe(name);
    });

    it('refuses an append that claims one key twice, before writing anything', async () => {
      const [name, twice] = [streamName('twice'), key('twice')];
      await expect(
        store().append(name, [contractEvent('Created')], 'no_stream', { claims: [claim(twice), claim(twice)] }),
      ).rejects.toThrow(`append claims ${twice} twice`);
      expect(await store().readStream(name)).toEqual([]);
      expect(await store().claimHolder(twice)).toBeUndefined();
    });

    it('leaves the neighbours of a refused append in the same batch appended', async () => {
      const [holder, held] = [streamName('batch-holder'), key('batch')];
      await store().append(holder, [contractEvent('Created')], 'no_stream', { claims: [claim(held)] });
      const names = Array.from({ length: 20 }, (_, i) => streamName(`neighbour${i}`));
      const outcomes = await Promise.allSettled(
        names.map((name, i) =>
          store().append(
            name,
            [contractEvent('Created')],
            'no_stream',
            i === 7 ? { claims: [claim(held)] } : undefined,
          ),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(
        names.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')),
      );
    });
  });
}
