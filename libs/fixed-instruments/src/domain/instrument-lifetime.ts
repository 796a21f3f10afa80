/** Without `expiration_date` an instrument lives 31 years, as the public service's fixed ones do. */
export const DEFAULT_LIFETIME_YEARS = 31;

export function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

/** The stored expiration date: the requested one, or the default lifetime from `now`. */
export function expirationOf(requested: Date | undefined, now: Date): string {
  return (requested ?? addYears(now, DEFAULT_LIFETIME_YEARS)).toISOString();
}

/** Payable: ACTIVE and not past its date (refused even before the expiry job ran). */
export function isPayable(instrument: { status: string; expirationDate: string }, now: Date): boolean {
  return instrument.status === 'ACTIVE' && Date.parse(instrument.expirationDate) > now.getTime();
}

/** Its date has come (the expiry job's question): not INACTIVE yet, and the date is not after `now`. */
export function isDue(instrument: { status: string; expirationDate: string }, now: Date): boolean {
  return instrument.status !== 'INACTIVE' && Date.parse(instrument.expirationDate) <= now.getTime();
}
