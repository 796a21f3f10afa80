import type { GlobalPosition } from '@gateway/event-store';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import type { InstrumentOrigin, InstrumentTypes, PaymentClaim, SnapshotOf } from '../domain';

/** A candidate number: its instrument id and the creation fields it sets (suffix, code). */
export interface InstrumentCandidate<T extends InstrumentTypes> {
  instrumentId: string;
  placement: Partial<T['create']>;
}

/** How a kind opens one instrument: the creation's fields and the numbers to try, in order. */
export interface InstrumentOpening<T extends InstrumentTypes> {
  /** The bank or outlet: named when no number is left. */
  channel: string;
  /** A number the caller asked for: refused when taken, never replaced. */
  requested: boolean;
  /** The creation without its number (a placeholder): decided first, so a refusal claims nothing. */
  fields: T['create'] & { origin: InstrumentOrigin; expirationDate?: Date };
  /**
   * The numbers to try, lazily. `draw` is the IdGenerator: inside a keyed request it derives from
   * the key, so a re-execution after a crash tries the same numbers and meets what it opened.
   */
  candidates(draw: () => string): Iterable<InstrumentCandidate<T>>;
}

export type OpenedInstrument<T extends InstrumentTypes> = SnapshotOf<T>;

export interface UpdateRequest<T extends InstrumentTypes> {
  instrumentId: string;
  businessId: string;
  mode: Mode;
  changes: T['changes'];
  context: RequestContext;
}

/** A test-mode payment at (channel, number): a bank transfer, a till payment. */
export interface SimulatedPayment {
  businessId: string;
  mode: Mode;
  channel: string;
  number: string;
  amount: number;
  context: RequestContext;
}

export interface PaidInstrument<T extends InstrumentTypes> {
  payment: T['payment'];
  /** The instrument as it was paid (before a single-use deactivation). */
  instrument: SnapshotOf<T>;
  /** Where the payment was appended: a caller may wait for a follower to pass it. */
  position?: GlobalPosition;
}

/** The invoice that takes a payment of this instrument at `now`, if any (a fixed VA an invoice offers). */
export type ClaimLookup = (instrumentId: string, now: Date) => Promise<PaymentClaim | undefined>;

/** Where the simulate route sends a number that is none of the business's instruments. */
export interface PaymentDelegate<TOther> {
  pay(): Promise<TOther>;
  /** The code the delegate's declared command answers when nobody holds the number. */
  notFoundCode: string;
}

export type RoutedPayment<T extends InstrumentTypes, TOther> =
  ({ paid: 'own' } & PaidInstrument<T>) | { paid: 'delegated'; result: TOther };
