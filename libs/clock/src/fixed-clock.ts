import { Clock, type ClockScope } from './clock.port';

/**
 * A clock that only moves when told to, for tests elsewhere that need exact times.
 * It ignores the scope: every business sees the same time.
 */
export class FixedClock extends Clock {
  private currentMs: number;

  constructor(start: Date = new Date('2025-01-01T00:00:00.000Z')) {
    super();
    this.currentMs = start.getTime();
  }

  override now(_scope?: ClockScope): Promise<Date> {
    // A fresh Date each time: callers may mutate what they get.
    return Promise.resolve(new Date(this.currentMs));
  }

  set(date: Date): void {
    this.currentMs = date.getTime();
  }

  advance(ms: number): void {
    this.currentMs += ms;
  }
}
