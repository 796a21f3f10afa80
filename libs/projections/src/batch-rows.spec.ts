import { foldSnapshots } from './batch-rows';

describe('foldSnapshots', () => {
  it('keeps the first and last snapshot of each aggregate, in key order', () => {
    const s = (id: string, v: number) => ({ id, v });
    expect(foldSnapshots([s('b', 1), s('a', 1), s('b', 2), s('b', 3), s('a', 2)], (x) => x.id)).toEqual([
      { first: s('a', 1), last: s('a', 2) },
      { first: s('b', 1), last: s('b', 3) },
    ]);
    expect(foldSnapshots([], (x: { id: string }) => x.id)).toEqual([]);
  });
});
