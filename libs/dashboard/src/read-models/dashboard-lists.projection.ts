import type { RecordedEvent } from '@gateway/event-store';
import { DescribedProjection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase, QueryConfig } from 'pg';
import { type ListRow, rowKey, searchTextOf } from './list-kinds';
import { LISTED_EVENT_TYPES, type ListOp, listOpsOf } from './list-row-events';

export const DASHBOARD_LISTS_PROJECTION = 'dashboard.lists';

export interface StoredRow {
  business_id: string;
  mode: 'test' | 'live';
  kind: ListRow['kind'];
  id: string;
  external_id: string | null;
  status: string;
  amount: string | null;
  currency: string | null;
  channel: string | null;
  payer_email: string | null;
  customer: string | null;
  description: string | null;
  extra: string | null;
  listed: boolean;
  created_at: Date;
  updated_at: Date;
  data: Record<string, unknown> | null;
}

export function rowFromStored(stored: StoredRow): ListRow {
  return {
    businessId: stored.business_id,
    mode: stored.mode,
    kind: stored.kind,
    id: stored.id,
    externalId: stored.external_id,
    status: stored.status,
    amount: stored.amount === null ? null : Number(stored.amount),
    currency: stored.currency,
    channel: stored.channel,
    payerEmail: stored.payer_email,
    customer: stored.customer,
    description: stored.description,
    extra: stored.extra,
    listed: stored.listed,
    createdAt: stored.created_at.toISOString(),
    updatedAt: stored.updated_at.toISOString(),
    data: stored.data,
  };
}

/**
 * The dashboard's lists (issue 21): one row per transaction, customer, recurring plan, fixed VA
 * and payment code of every business and mode, so that every list pages by keyset, filters,
 * searches and exports with one indexed query. A batch is folded in memory (a row changed twice
 * is written once, in its last state) and written with one statement.
 */
@ReadModelProjection()
@Injectable()
export class DashboardListsProjection extends DescribedProjection {
  constructor() {
    super({ name: DASHBOARD_LISTS_PROJECTION, tables: ['dashboard_list_rows'], eventTypes: LISTED_EVENT_TYPES });
  }

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const ops: ListOp[] = events.flatMap((event) => listOpsOf(event));
    if (ops.length === 0) return;
    const toRead = patchedRowsToRead(ops);
    const rows = new Map<string, ListRow>();
    if (toRead.length > 0) {
      const { rows: stored } = await tx.query<StoredRow>(
        `SELECT r.* FROM dashboard_list_rows r
           JOIN json_to_recordset($1::json) AS k("businessId" text, mode text, kind text, id text)
             ON r.business_id = k."businessId" AND r.mode = k.mode AND r.kind = k.kind AND r.id = k.id`,
        [JSON.stringify(toRead)],
      );
      for (const row of stored) rows.set(rowKey(rowFromStored(row)), rowFromStored(row));
    }
    const upsert = upsertOf(ops, rows);
    if (upsert) await tx.query(upsert);
  }

  /** A batch that only puts rows (new payments, the bulk of a busy log) reads nothing: one upsert, planned. */
  plannedStatements(events: RecordedEvent[]): QueryConfig[] | undefined {
    const ops: ListOp[] = events.flatMap((event) => listOpsOf(event));
    if (patchedRowsToRead(ops).length > 0) return undefined;
    const upsert = upsertOf(ops, new Map());
    return upsert ? [upsert] : [];
  }
}

type ListKey = Extract<ListOp, { type: 'patch' }>['key'];

/** Keys of the rows a patch changes that this batch did not put first: they must be read as they stand. */
function patchedRowsToRead(ops: readonly ListOp[]): ListKey[] {
  const written = new Set<string>();
  const toRead = new Map<string, ListKey>();
  for (const op of ops) {
    if (op.type === 'put') written.add(rowKey(op.row));
    else if (!written.has(rowKey(op.key))) toRead.set(rowKey(op.key), op.key);
  }
  return [...toRead.values()];
}

/**
 * The batch folded over the rows read (`rows`, changed in place): a row changed twice is written once, in its last
 * state, by one upsert; undefined when no row changes.
 */
function upsertOf(ops: readonly ListOp[], rows: Map<string, ListRow>): QueryConfig | undefined {
  for (const op of ops) {
    if (op.type === 'put') rows.set(rowKey(op.row), op.row);
    else {
      const current = rows.get(rowKey(op.key));
      // A change to a row the lists never had (its resource predates what they read): nothing to change.
      if (current) rows.set(rowKey(op.key), op.change(current));
    }
  }
  if (rows.size === 0) return undefined;
  const records = [...rows.values()].map((row) => ({ ...row, search: searchTextOf(row) }));
  return {
    name: 'dashboard_lists_upsert',
    text:
      `INSERT INTO dashboard_list_rows AS r
         (business_id, mode, kind, id, external_id, status, amount, currency, channel, payer_email, customer, ` +
      `description, extra, listed, created_at, updated_at, search, data)
       SELECT "businessId", mode, kind, id, "externalId", status, amount, currency, channel, "payerEmail", ` +
      `customer, description, extra, listed, "createdAt", "updatedAt", search, data
         FROM json_to_recordset($1::json) AS t(
           "businessId" text, mode text, kind text, id text, "externalId" text, status text, amount bigint, ` +
      `currency text, channel text,
           "payerEmail" text, customer text, description text, extra text, listed boolean, "createdAt" timestamptz, ` +
      `"updatedAt" timestamptz, search text, data jsonb)
       ON CONFLICT (business_id, mode, kind, id) DO UPDATE SET
         external_id = EXCLUDED.external_id, status = EXCLUDED.status, amount = EXCLUDED.amount, ` +
      `currency = EXCLUDED.currency,
         channel = EXCLUDED.channel, payer_email = EXCLUDED.payer_email, customer = EXCLUDED.customer, ` +
      `description = EXCLUDED.description,
         extra = EXCLUDED.extra, listed = EXCLUDED.listed, created_at = EXCLUDED.created_at, ` +
      `updated_at = EXCLUDED.updated_at,
         search = EXCLUDED.search, data = EXCLUDED.data`,
    values: [JSON.stringify(records)],
  };
}
