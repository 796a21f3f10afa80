import { Clock, type ClockScope } from './clock.port';

/** Real wall-clock time, the same for every business and mode. */
export class SystemClock extends Clock {
  override now(_scope?: ClockScope): Promise<Date> {
    return Promise.resolve(new Date());
  }
}
