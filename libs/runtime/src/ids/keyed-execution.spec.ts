import { IdGenerator, RandomIdGenerator } from './id-generator';
import {
  currentKeyedExecution,
  derivedUuid,
  KeyedExecution,
  type KeyedExecutionIdentity,
  outsideKeyedExecution,
  runInKeyedExecution,
} from './keyed-execution';

const identity: KeyedExecutionIdentity = { businessId: 'biz_1', mode: 'test', key: 'key-1', generation: 'gen-1' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('KeyedExecution', () => {
  it('mints the same sequence of ids for the same key and generation, well-formed uuids', () => {
    const first = KeyedExecution.of(identity);
    const again = KeyedExecution.of({ ...identity });
    const ids = [first.nextUuid(), first.nextUuid(), first.nextUuid()];
    expect([again.nextUuid(), again.nextUuid(), again.nextUuid()]).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it('mints other ids for another business, mode, key or generation', () => {
    const first = KeyedExecution.of(identity).nextUuid();
    const others = [
      { ...identity, businessId: 'biz_2' },
      { ...identity, mode: 'live' as const },
      { ...identity, key: 'key-2' },
      { ...identity, generation: 'gen-2' },
    ].map((other) => KeyedExecution.of(other).nextUuid());
    expect(new Set([first, ...others]).size).toBe(5);
  });

  it('numbers appends per stream from the moment they start; event ids depend on stream, ordinal and index', () => {
    const execution = KeyedExecution.of(identity);
    const a0 = execution.nextAppend('a-1');
    const b0 = execution.nextAppend('b-1');
    const a1 = execution.nextAppend('a-1');
    expect([a0.ordinal, b0.ordinal, a1.ordinal]).toEqual([0, 0, 1]);
    const ids = [a0.eventId(0), a0.eventId(1), b0.eventId(0), a1.eventId(0)];
    expect(new Set(ids).size).toBe(4);
    const again = KeyedExecution.of(identity);
    expect(again.nextAppend('a-1').eventId(1)).toBe(a0.eventId(1));
    expect(again.nextAppend('a-1').eventId(0)).toBe(a1.eventId(0));
  });

  it('takes a slot given back (its append wrote nothing) again, unless another append started since', () => {
    const execution = KeyedExecution.of(identity);
    const refused = execution.nextAppend('a-1');
    refused.giveBack();
    const retried = execution.nextAppend('a-1');
    expect([retried.ordinal, retried.eventId(0)]).toEqual([0, refused.eventId(0)]);
    const concurrent = execution.nextAppend('a-1');
    retried.giveBack(); // too late: the slot after it is in use
    expect([concurrent.ordinal, execution.nextAppend('a-1').ordinal]).toEqual([1, 2]);
  });

  it('derives uuids from length-prefixed parts, so shifting a separator gives another id', () => {
    expect(derivedUuid('a', 'bc')).not.toBe(derivedUuid('ab', 'c'));
    expect(derivedUuid('a', 'bc')).toBe(derivedUuid('a', 'bc'));
  });
});

describe('runInKeyedExecution and IdGenerator', () => {
  const ids: IdGenerator = new RandomIdGenerator();

  it('gives random ids outside a keyed execution', () => {
    expect(currentKeyedExecution()).toBeUndefined();
    expect(ids.uuid()).not.toBe(ids.uuid());
  });

  it('derives the ids of the execution across awaits and timers, and of no other code', async () => {
    const expected = KeyedExecution.of(identity);
    const minted = await runInKeyedExecution(KeyedExecution.of(identity), async () => {
      const first = ids.uuid();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = ids.prefixed('cust-');
      const outside = outsideKeyedExecution(() => ids.uuid());
      await Promise.resolve();
      return { first, second, outside, third: ids.uuid() };
    });
    expect(minted.first).toBe(expected.nextUuid());
    expect(minted.second).toBe(`cust-${expected.nextUuid()}`);
    expect(minted.third).toBe(expected.nextUuid());
    expect(minted.outside).not.toMatch(UUID);
    expect(currentKeyedExecution()).toBeUndefined();
  });

  it('keeps concurrent executions apart', async () => {
    const run = (generation: string) =>
      runInKeyedExecution(KeyedExecution.of({ ...identity, generation }), async () => {
        const out: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          out.push(ids.uuid());
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        }
        return out;
      });
    const [a, b] = await Promise.all([run('g-a'), run('g-b')]);
    const expectedA = KeyedExecution.of({ ...identity, generation: 'g-a' });
    const expectedB = KeyedExecution.of({ ...identity, generation: 'g-b' });
    expect(a).toEqual([expectedA.nextUuid(), expectedA.nextUuid(), expectedA.nextUuid()]);
    expect(b).toEqual([expectedB.nextUuid(), expectedB.nextUuid(), expectedB.nextUuid()]);
  });

  it('ends the execution when its work fails, too', async () => {
    await expect(
      runInKeyedExecution(KeyedExecution.of(identity), async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(currentKeyedExecution()).toBeUndefined();
    expect(ids.uuid()).not.toMatch(UUID);
  });
});
