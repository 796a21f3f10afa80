import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/scheduler';
import { Injectable, type Type } from '@nestjs/common';
import type { InstrumentEventNames, InstrumentTypes } from '../domain';
import { FixedInstruments } from './fixed-instruments';
import type { InstrumentKind } from './instrument-kind';

/**
 * The expiry job of one kind, as a Nest provider: at `expiration_date` (on the business clock)
 * the instrument becomes INACTIVE; idempotent (a moved date finds nothing to do). The projection
 * schedules it with `jobKind` and a payload that names the instrument.
 */
export function instrumentExpiryJob<T extends InstrumentTypes, N extends InstrumentEventNames, P>(
  jobKind: string,
  kind: InstrumentKind<T, N>,
  instrumentIdOf: (payload: P) => string,
): Type<ScheduledJobHandler<P>> {
  @HandlesScheduledJob(jobKind)
  @Injectable()
  class InstrumentExpiryJob implements ScheduledJobHandler<P> {
    constructor(private readonly instruments: FixedInstruments) {}

    handle(job: DueJob<P>): Promise<void> {
      return this.instruments.expire(kind, instrumentIdOf(job.payload), job);
    }
  }
  // Named after its job kind in logs and errors (each kind's class is its own).
  Object.defineProperty(InstrumentExpiryJob, 'name', { value: `InstrumentExpiryJob(${jobKind})` });
  return InstrumentExpiryJob;
}
