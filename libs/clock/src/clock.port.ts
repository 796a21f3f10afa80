/** Test mode runs on a business's virtual clock; live mode always runs on real time. */
export type Mode = 'test' | 'live';

/** Whose time is asked for: a test-mode business may have moved its clock ahead. */
export interface ClockScope {
  businessId?: string;
  mode?: Mode;
}

/**
 * The only source of "now" for domain code (never `Date.now()` / `new Date()`), so that
 * test mode can move a business's time forward. An abstract class rather than an interface
 * so that Nest can use it as an injection token.
 */
export abstract class Clock {
  abstract now(scope?: ClockScope): Promise<Date>;
}
