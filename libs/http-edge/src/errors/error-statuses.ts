import type { DeclaredErrorCodeEntry, ErrorCatalogue } from '@gateway/domain';
import { SHARED_ERROR_CODES } from '@gateway/domain';
import { EDGE_ERROR_CODES } from './edge-error-codes';

/**
 * The API-wide status of every `error_code`, built from the catalogues where the codes are
 * declared (`defineErrors` in each context's errors). The app installs its one list of
 * catalogues at start-up (libs/bootstrap/src/all-error-codes.ts); the OpenAPI document, the
 * idempotency layer (a route's own reuse code) and the error-code table read it. A `DomainError`
 * needs no look-up: it carries the status its catalogue declared.
 */
const registry = new Map<string, DeclaredErrorCodeEntry & { owners: string[] }>();

/**
 * Adds the catalogues' codes. Declarations marked `local` stay out (their context applies them on
 * its own routes). The same code declared by two catalogues with one status is one entry with two
 * owners; with two statuses it is a bug worth failing the start-up for. Installing a catalogue
 * twice (several apps in one process, as tests do) changes nothing.
 */
export function registerErrorCatalogues(catalogues: readonly ErrorCatalogue[]): void {
  const pending = new Map<string, DeclaredErrorCodeEntry & { owners: string[] }>();
  for (const catalogue of catalogues) {
    for (const entry of catalogue.entries()) {
      if (entry.local) continue;
      const known = pending.get(entry.code) ?? registry.get(entry.code);
      if (known && known.status !== entry.status) {
        const others = `${known.owners.join(' and ')} ${known.status}`;
        throw new Error(`Error code ${entry.code}: ${entry.owner} declares status ${entry.status}, ${others}`);
      }
      const owners = known ? [...new Set([...known.owners, entry.owner])] : [entry.owner];
      pending.set(entry.code, { ...(known ?? entry), owners });
    }
  }
  for (const [code, entry] of pending) registry.set(code, entry);
}

/** The API-wide status of `code`, or `undefined` for a code no installed catalogue declares. */
export function errorStatusFor(code: string): number | undefined {
  return registry.get(code)?.status;
}

/** Every installed code with its status and the catalogues that declare it, sorted by code. */
export function registeredErrorCodes(): { code: string; status: number; owners: string[] }[] {
  return [...registry.values()]
    .map(({ code, status, owners }) => ({ code, status, owners: [...owners].sort() }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

// The codes the edge itself answers, and the shared ones, are known before any app starts.
registerErrorCatalogues([SHARED_ERROR_CODES, EDGE_ERROR_CODES]);
