import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { BatchQueue } from './batch-queue';

/** One kind of look-up by key (a business's settings, its test clock, ...), as one SELECT. */
export interface LookupKind<V> {
  /** Unique among the kinds of one `CombinedLookups`: names its statements. */
  name: string;
  /**
   * A SELECT of the rows for the keys in `$1::text[]` (the only parameter), each row's columns
   * as they should appear in its JSON form (json_agg: timestamps become ISO strings, bigint numbers).
   */
  sql: string;
  /** The key a row answers. */
  keyOf(row: Record<string, unknown>): string;
  valueOf(row: Record<string, unknown>): V;
}

interface Waiting {
  kind: LookupKind<unknown>;
  key: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Look-ups of several kinds combined into one statement: while `maxInFlight` statements are
 * running, new look-ups of any registered kind queue and leave together in the next one, each
 * kind a scalar subquery aggregated to JSON. A request that needs its business's settings and
 * its test clock, beside others that need the same or their business's row, then costs a share
 * of one round trip instead of one per kind (`LookupCombiner` combines one kind only). Look-ups
 * asked in one macrotask leave together even under light load (one request's settings and clock),
 * at the cost of waiting for the end of that macrotask. Every look-up reads the database after it
 * was asked.
 */
export class CombinedLookups {
  private readonly kinds = new Map<string, LookupKind<unknown>>();
  private readonly batches: BatchQueue<Waiting>;
  private pumpScheduled = false;

  constructor(
    private readonly pool: Pool,
    options: { maxInFlight?: number; maxBatch?: number } = {},
  ) {
    this.batches = new BatchQueue((batch) => this.fetch(batch), options);
  }

  /** Registers a kind and returns its loader (a name names one statement: registering it again needs the same SQL). */
  kind<V>(kind: LookupKind<V>): (key: string) => Promise<V | undefined> {
    if (/\$(?!1\b)\d/.test(kind.sql)) throw new Error(`Look-up ${kind.name} may only use $1 (its keys)`);
    const known = this.kinds.get(kind.name);
    if (known && known.sql !== kind.sql) throw new Error(`Look-up ${kind.name} is registered with other SQL`);
    const registered = known ?? kind;
    this.kinds.set(kind.name, registered);
    return (key) =>
      new Promise<V | undefined>((resolve, reject) => {
        this.batches.add({ kind: registered, key, resolve: resolve as (value: unknown) => void, reject });
        this.pumpSoon();
      });
  }

  /**
   * Pumps once the current macrotask is over, so a request's look-ups asked together (each a few
   * awaits deep: a query bus, a clock) leave together even when a statement slot is free.
   */
  private pumpSoon(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.batches.pump();
    });
  }

  private async fetch(batch: Waiting[]): Promise<void> {
    try {
      const keysByKind = new Map<LookupKind<unknown>, Set<string>>();
      for (const { kind, key } of batch) {
        const keys = keysByKind.get(kind) ?? new Set<string>();
        keys.add(key);
        keysByKind.set(kind, keys);
      }
      // Kinds in name order, so each combination is one prepared statement.
      const kinds = [...keysByKind.keys()].sort((a, b) => a.name.localeCompare(b.name));
      const { rows } = await this.pool.query<Record<string, Record<string, unknown>[]>>({
        name: statementName(kinds),
        text: combinedSql(kinds),
        values: kinds.map((kind) => [...keysByKind.get(kind)!]),
      });
      const found = new Map<LookupKind<unknown>, Map<string, unknown>>();
      kinds.forEach((kind, index) => {
        const values = new Map<string, unknown>();
        for (const row of rows[0][`k${index}`]) values.set(kind.keyOf(row), kind.valueOf(row));
        found.set(kind, values);
      });
      for (const waiting of batch) waiting.resolve(found.get(waiting.kind)!.get(waiting.key));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

function combinedSql(kinds: LookupKind<unknown>[]): string {
  const columns = kinds.map(
    (kind, index) =>
      `(SELECT coalesce(json_agg(r), '[]'::json) FROM (${kind.sql.replace(/\$1\b/g, `$${index + 1}`)}) r) AS k${index}`,
  );
  return `SELECT ${columns.join(', ')}`;
}

/** A statement name within PostgreSQL's 63 bytes whatever the kinds are called. */
function statementName(kinds: LookupKind<unknown>[]): string {
  const names = kinds.map((kind) => kind.name).join('+');
  const name = `lookups:${names}`;
  return name.length <= 63 ? name : `lookups:${createHash('sha256').update(names).digest('hex').slice(0, 40)}`;
}
