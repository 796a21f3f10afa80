import type { FixedInstrumentDecider, InstrumentEventNames, InstrumentTypes } from '../domain';

/**
 * One kind of fixed instrument as the kernel's application pieces see it: its decider, where its
 * streams and read model are, and the few refusals the application raises itself.
 */
export interface InstrumentKind<T extends InstrumentTypes, N extends InstrumentEventNames> {
  decider: FixedInstrumentDecider<T, N>;
  streamOf(instrumentId: string): string;
  /** The read model a command's answer waits for (read-your-writes). */
  projection: string;
  /** The code the decider refuses a taken number or code with: the opener then tries the next candidate. */
  takenCode: string;
  /** The actor of the expiry job's events. */
  expiryActor: string;
  /** The id of the instrument at (channel, number) of a business: how a payment finds it. */
  idAt(businessId: string, mode: string, channel: string, number: string): string;
  refuse: {
    notFound(what: string): Error;
    testModeOnly(): Error;
    exhausted(channel: string): Error;
  };
}

/** Ids are 24 hex characters (stream names): anything else (another business's, junk) is "not found". */
export const INSTRUMENT_ID_PATTERN = /^[0-9a-f]{24}$/;
