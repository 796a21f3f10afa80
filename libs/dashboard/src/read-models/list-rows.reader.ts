import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { rowFromStored, type StoredRow } from './dashboard-lists.projection';
import { isListKind, type ListKind, type ListRow } from './list-kinds';

export interface ListFilter {
  businessId: string;
  mode: 'test' | 'live';
  kinds: readonly ListKind[];
  status?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  /** Minor units, inclusive. */
  minAmount?: number;
  maxAmount?: number;
  /** Matched (case-insensitively, anywhere) against ids, external ids, payer emails, customers, numbers and codes. */
  search?: string;
}

/** Where a page starts: just after this row, in the list's order (newest first). */
export interface ListCursor {
  createdAt: string;
  kind: string;
  id: string;
}

export interface ListPage {
  rows: ListRow[];
  /** The cursor of the next page; undefined on the last page. */
  next?: ListCursor;
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.kind, cursor.id])).toString('base64url');
}

/** A cursor from a link; undefined when it is not one this reader wrote. */
export function decodeCursor(text: string | undefined): ListCursor | undefined {
  if (!text || text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const [createdAt, kind, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof createdAt !== 'string' ||
      Number.isNaN(new Date(createdAt).getTime()) ||
      typeof kind !== 'string' ||
      !isListKind(kind) ||
      typeof id !== 'string' ||
      id.length > 128
    )
      return undefined;
    return { createdAt, kind, id };
  } catch {
    return undefined;
  }
}

const EXPORT_PAGE = 1000;

/**
 * Reads the dashboard's lists: keyset pages newest first (created, then kind and id, which make
 * the order total, so rows created in the same millisecond, a batch's, are neither repeated nor
 * skipped), a count of what the filter matches, and every matching row for an export.
 * Only rows listed on their own are read (an invoice lists the payments it recorded).
 */
@Injectable()
export class ListRowsReader {
  constructor(private readonly pool: Pool) {}

  async page(filter: ListFilter, after: ListCursor | undefined, limit: number): Promise<ListPage> {
    const rows = await this.read(filter, after, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      rows: shown,
      next: rows.length > limit && last ? { createdAt: last.createdAt, kind: last.kind, id: last.id } : undefined,
    };
  }

  async count(filter: ListFilter): Promise<number> {
    const { text, values } = where(filter);
    const { rows } = await this.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM dashboard_list_rows WHERE ${text}`,
      values,
    );
    return Number(rows[0].count);
  }

  /** Every matching row, a page at a time (an export never holds more than a page). */
  async *all(filter: ListFilter): AsyncGenerator<ListRow[]> {
    let after: ListCursor | undefined;
    for (;;) {
      const page = await this.page(filter, after, EXPORT_PAGE);
      if (page.rows.length > 0) yield page.rows;
      if (!page.next) return;
      after = page.next;
    }
  }

  /** One row (a detail page's summary), whatever its listing. */
  async one(businessId: string, mode: 'test' | 'live', kind: ListKind, id: string): Promise<ListRow | undefined> {
    const { rows } = await this.pool.query<StoredRow>(
      'SELECT * FROM dashboard_list_rows WHERE business_id = $1 AND mode = $2 AND kind = $3 AND id = $4',
      [businessId, mode, kind, id],
    );
    return rows[0] ? rowFromStored(rows[0]) : undefined;
  }

  /** The refunds of a card charge (the refund rows name their charge in `extra`), oldest first. */
  async refundsOfCharge(businessId: string, mode: 'test' | 'live', chargeId: string): Promise<ListRow[]> {
    const { rows } = await this.pool.query<StoredRow>(
      `SELECT * FROM dashboard_list_rows WHERE business_id = $1 AND mode = $2 AND kind = 'card-refunds' AND extra = ` +
        `$3 ORDER BY created_at, id`,
      [businessId, mode, chargeId],
    );
    return rows.map(rowFromStored);
  }

  private async read(filter: ListFilter, after: ListCursor | undefined, limit: number): Promise<ListRow[]> {
    const { text, values } = where(filter);
    const keyset = after
      ? ` AND (created_at, kind, id) < ($${values.length + 1}::timestamptz, $${values.length + 2}, ` +
        `$${values.length + 3})`
      : '';
    const parameters = after ? [...values, after.createdAt, after.kind, after.id] : values;
    const { rows } = await this.pool.query<StoredRow>(
      `SELECT * FROM dashboard_list_rows WHERE ${text}${keyset} ORDER BY created_at DESC, kind DESC, ` +
        `id DESC LIMIT $${parameters.length + 1}`,
      [...parameters, limit],
    );
    return rows.map(rowFromStored);
  }
}

function where(filter: ListFilter): { text: string; values: unknown[] } {
  const values: unknown[] = [filter.businessId, filter.mode, filter.kinds];
  const clauses = ['business_id = $1', 'mode = $2', 'kind = ANY($3::text[])', 'listed'];
  const add = (clause: (parameter: string) => string, value: unknown) => {
    values.push(value);
    clauses.push(clause(`$${values.length}`));
  };
  if (filter.status) add((p) => `status = ${p}`, filter.status);
  if (filter.from) add((p) => `created_at >= ${p}`, filter.from);
  if (filter.to) add((p) => `created_at < ${p}`, filter.to);
  if (filter.minAmount !== undefined) add((p) => `amount >= ${p}`, filter.minAmount);
  if (filter.maxAmount !== undefined) add((p) => `amount <= ${p}`, filter.maxAmount);
  if (filter.search) add((p) => `strpos(search, ${p}) > 0`, filter.search.toLowerCase());
  return { text: clauses.join(' AND '), values };
}
