import { Clock, type ClockScope } from './clock.port';
import { SystemClock } from './system-clock';
import type { TestClockStore } from './test-clock.store';

/**
 * The gateway's clock: real time in live mode (or with no business), real time plus the
 * business's offset in test mode. The offset is read on every call rather than cached, so a
 * clock advanced by another process is seen at once.
 */
export class BusinessClock extends Clock {
  constructor(
    private readonly testClocks: TestClockStore,
    /** Real time; replaceable so tests can pin it. */
    private readonly realTime: Clock = new SystemClock(),
  ) {
    super();
  }

  override async now(scope?: ClockScope): Promise<Date> {
    const real = await this.realTime.now();
    if (scope?.mode !== 'test' || !scope.businessId) return real;
    const offsetMs = await this.testClocks.offsetOf(scope.businessId);
    return new Date(real.getTime() + offsetMs);
  }
}
