import type { Claim } from './event-store.port';

/**
 * Refuses an append that names a key twice: PostgreSQL cannot upsert one row twice in a statement,
 * and one key held twice by the same stream means nothing a caller could want. A programming error,
 * thrown before any round trip.
 */
export function assertDistinctClaims(claims: readonly Claim[]): void {
  const seen = new Set<string>();
  for (const { key } of claims) {
    if (seen.has(key)) throw new Error(`append claims ${key} twice`);
    seen.add(key);
  }
}
