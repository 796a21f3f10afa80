import type { ReadUrgency } from '../event-store.port';
import { PACE_FROM_EVENTS, ReadPacing } from './read-pacing';

/** Whether `promise` settles within `ms` of real time. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([promise.then(() => true as const), late]);
  clearTimeout(timer);
  return settled;
}

describe('ReadPacing', () => {
  const PAGE = 100;
  const INTERVAL = 60_000;

  /** A pacing on a clock the test moves: one read at 1,000, then reads that found `found` events, 5 ms apart. */
  function pacingAfter(found: number[], clock = { now: 1_000 }, urgency?: ReadUrgency) {
    const pacing = new ReadPacing(INTERVAL, PAGE, () => clock.now, urgency);
    const ready = pacing.beforeRead().then(() => {
      for (const count of found) {
        pacing.afterRead(count);
        clock.now += 5;
      }
    });
    return { pacing, clock, ready };
  }

  it('never waits with an interval of 0, however dense the flow', async () => {
    const pacing = new ReadPacing(0, PAGE);
    for (let i = 0; i < 5; i++) {
      expect(await settlesWithin(pacing.beforeRead(), 200)).toBe(true);
      pacing.afterRead(PAGE - 1);
    }
  });

  it('reads at once while the flow is thin (a client sending one request after another)', async () => {
    const { pacing, ready } = pacingAfter([1, 0, 2, 0, 1, 0, 3]);
    await ready;
    expect(await settlesWithin(pacing.beforeRead(), 200)).toBe(true);
  });

  it(`waits out the interval once ${PACE_FROM_EVENTS} events came within it, until stopped`, async () => {
    const { pacing, ready } = pacingAfter([3, 0, 3, 2]);
    await ready;
    const stop = new AbortController();
    const paced = pacing.beforeRead(stop.signal);
    expect(await settlesWithin(paced, 200)).toBe(false);
    stop.abort();
    expect(await settlesWithin(paced, 200)).toBe(true);
  });

  it('waits only what is left of the interval', async () => {
    const { pacing, clock, ready } = pacingAfter([4, 4, 4]);
    await ready;
    clock.now += INTERVAL - 20; // handling the last page took nearly the whole interval
    expect(await settlesWithin(pacing.beforeRead(), 200)).toBe(true);
  });

  it('forgets events older than the interval: a flow that thinned out reads at once again', async () => {
    const { pacing, clock, ready } = pacingAfter([4, 4, 4]);
    await ready;
    clock.now += INTERVAL + 1;
    pacing.afterRead(1);
    expect(await settlesWithin(pacing.beforeRead(), 200)).toBe(true);
  });

  it('reads at once after a full page: the consumer is catching up', async () => {
    const { pacing, ready } = pacingAfter([4, 4, PAGE]);
    await ready;
    expect(await settlesWithin(pacing.beforeRead(), 200)).toBe(true);
  });

  /** A read-your-writes wait the test starts and ends. */
  function waits() {
    let waiting = 0;
    const listeners = new Set<() => void>();
    const urgency: ReadUrgency = {
      awaited: () => waiting > 0,
      onAwaited: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return {
      urgency,
      listeners,
      begin: () => {
        waiting++;
        for (const listener of [...listeners]) listener();
      },
    };
  }

  it('reads at once, however dense the flow, while someone waits for the consumer', async () => {
    const wait = waits();
    const { pacing, ready } = pacingAfter([4, 4, 4], undefined, wait.urgency);
    await ready;
    wait.begin();
    expect(await settlesWithin(pacing.beforeRead(), 200)).toBe(true);
  });

  it('ends a paced wait when a wait for the consumer begins, and stops listening', async () => {
    const wait = waits();
    const { pacing, ready } = pacingAfter([4, 4, 4], undefined, wait.urgency);
    await ready;
    const paced = pacing.beforeRead();
    expect(await settlesWithin(paced, 200)).toBe(false);
    expect(wait.listeners.size).toBe(1);
    wait.begin();
    expect(await settlesWithin(paced, 200)).toBe(true);
    expect(wait.listeners.size).toBe(0);
  });
});
