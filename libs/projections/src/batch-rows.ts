import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';

/** One column of a batch write: its name, its PostgreSQL type, and how a row gives its value. */
export interface BatchColumn<R> {
  name: string;
  type: 'text' | 'jsonb' | 'timestamptz' | 'bigint' | 'integer' | 'boolean';
  value: (row: R) => unknown;
}

/**
 * Writes a batch of rows in one statement (`INSERT … SELECT FROM unnest(…)`), one array per
 * column, followed by `conflict` (e.g. `ON CONFLICT (id) DO NOTHING`). Table and column names
 * come from the projection's code, never from events.
 */
export async function insertRows<R>(
  tx: ClientBase,
  table: string,
  columns: readonly BatchColumn<R>[],
  rows: readonly R[],
  conflict: string,
): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
  const text =
    `INSERT INTO ${table} (${columns.map((column) => column.name).join(', ')}) SELECT * FROM unnest(${arrays}) ` +
    `${conflict}`;
  await tx.query({
    name: statementNameOf(text),
    text,
    values: columns.map((column) => rows.map((row) => column.value(row))),
  });
}

const statementNames = new Map<string, string>();

/**
 * A prepared statement's name per text: a projection writes the same few texts for as long as it
 * runs, so each connection plans each once (the texts come from code, so the map stays small).
 */
function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `batch_rows_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The snapshots of a batch folded per aggregate, in key order (so two writers lock rows in one
 * order): `first` fixes the columns an upsert never changes, `last` the rest, which is what one
 * upsert per event would have left.
 */
export function foldSnapshots<S>(snapshots: readonly S[], keyOf: (snapshot: S) => string): { first: S; last: S }[] {
  const folded = new Map<string, { first: S; last: S }>();
  for (const snapshot of snapshots) {
    const key = keyOf(snapshot);
    folded.set(key, { first: folded.get(key)?.first ?? snapshot, last: snapshot });
  }
  return [...folded.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
