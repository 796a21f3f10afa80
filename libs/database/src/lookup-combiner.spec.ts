import { LookupCombiner } from './lookup-combiner';

describe('LookupCombiner', () => {
  const deferred = () => {
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    return { promise, release };
  };

  it('sends a look-up at once when nothing is in flight', async () => {
    const calls: string[][] = [];
    const combiner = new LookupCombiner<number>(async (keys) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.length]));
    });
    expect(await combiner.load('abc')).toBe(3);
    expect(calls).toEqual([['abc']]);
  });

  it('queues look-ups while the in-flight limit is reached and sends them together, de-duplicated', async () => {
    const gate = deferred();
    const calls: string[][] = [];
    const combiner = new LookupCombiner<string>(
      async (keys) => {
        calls.push(keys);
        await gate.promise;
        return new Map(keys.map((key) => [key, key.toUpperCase()]));
      },
      { maxInFlight: 1 },
    );
    const first = combiner.load('a');
    const rest = ['b', 'c', 'b', 'missing'].map((key) => combiner.load(key));
    gate.release();
    expect(await first).toBe('A');
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'B', 'MISSING']);
    expect(calls).toEqual([['a'], ['b', 'c', 'missing']]);
  });

  it('answers undefined for keys the query did not find, and rejects every look-up of a failed batch', async () => {
    const found = new LookupCombiner<number>(async () => new Map());
    expect(await found.load('x')).toBeUndefined();
    const failing = new LookupCombiner<number>(async () => {
      throw new Error('database gone');
    });
    await expect(Promise.all([failing.load('a'), failing.load('b')])).rejects.toThrow('database gone');
    // The combiner keeps working after a failed batch.
    expect(await new LookupCombiner<number>(async (keys) => new Map(keys.map((k) => [k, 1]))).load('z')).toBe(1);
  });

  it('caps a batch at maxBatch keys', async () => {
    const gate = deferred();
    const sizes: number[] = [];
    const combiner = new LookupCombiner<number>(
      async (keys) => {
        sizes.push(keys.length);
        await gate.promise;
        return new Map(keys.map((key) => [key, 1]));
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const all = Array.from({ length: 8 }, (_, i) => combiner.load(`k${i}`));
    gate.release();
    await Promise.all(all);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
