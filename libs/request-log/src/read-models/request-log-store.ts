import type { Mode } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { withPooledClient } from '@gateway/database';
import type { StoredRequest } from '../application/record/stored-request';

/** What a listing may filter by; every field narrows. */
export interface RequestLogFilter {
  statusMin?: number;
  statusMax?: number;
  method?: string;
  route?: string;
  errorCode?: string;
  requestId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  limit: number;
  /** Entries older than this one (the next page, newest first). */
  startingAfter?: string;
  /** Entries newer than this one (what `logs tail` asks for). */
  endingBefore?: string;
}

/** The column each field of a stored request is kept in (in the table's order). */
const COLUMN_OF = {
  logId: 'log_id',
  businessId: 'business_id',
  mode: 'mode',
  keyId: 'key_id',
  platformBusinessId: 'platform_business_id',
  requestId: 'request_id',
  clientRequestId: 'client_request_id',
  method: 'method',
  route: 'route',
  path: 'path',
  status: 'status',
  errorCode: 'error_code',
  latencyMs: 'latency_ms',
  apiVersion: 'api_version',
  requestBody: 'request_body',
  requestBodyTruncated: 'request_body_truncated',
  responseBody: 'response_body',
  responseBodyTruncated: 'response_body_truncated',
  requestedAt: 'requested_at',
} as const satisfies Record<keyof StoredRequest, string>;
const FIELDS = Object.keys(COLUMN_OF) as (keyof StoredRequest)[];

/** A row as the table returns it: each column holds its field of the stored request. */
export type RequestLogRow = { [F in keyof StoredRequest as (typeof COLUMN_OF)[F]]: StoredRequest[F] };

/** The request a row stores. */
export function storedRequestOf(row: RequestLogRow): StoredRequest {
  return Object.fromEntries(FIELDS.map((field) => [field, row[COLUMN_OF[field]]])) as unknown as StoredRequest;
}

function rowOf(request: StoredRequest): RequestLogRow {
  return Object.fromEntries(FIELDS.map((field) => [COLUMN_OF[field], request[field]])) as unknown as RequestLogRow;
}

export interface RequestLogRows {
  rows: RequestLogRow[];
  hasMore: boolean;
  /** A cursor named an entry this business and mode do not have (any more). */
  unknownCursor?: 'starting_after' | 'ending_before';
}

const COLUMNS = Object.values(COLUMN_OF).join(', ');

/** The request log's table: batched inserts, filtered pages per business and mode, retention deletes. */
@Injectable()
export class RequestLogStore {
  constructor(private readonly pool: Pool) {}

  /**
   * One statement for the whole batch: the rows travel as one JSON array (serialised by V8's
   * native JSON.stringify, much cheaper than pg's per-element escaping of 19 text arrays).
   */
  async insert(rows: readonly StoredRequest[]): Promise<void> {
    if (rows.length === 0) return;
    // requested_at travels as its ISO 8601 text (Date.prototype.toJSON).
    const json = JSON.stringify(rows.map(rowOf));
    // Without waiting for the WAL flush: a database crash may lose the last moment of log entries
    // (never anything else), and the log's commits do not queue behind the gateway's own.
    // Guarded: the writer holds a connection every 200 ms, and a database restart in between must
    // fail this batch, not crash the process (an unhandled 'error' event on a checked-out client).
    await withPooledClient(this.pool, async (client) => {
      try {
        await client.query('BEGIN; SET LOCAL synchronous_commit = off');
        await client.query(
          `INSERT INTO api_request_log (${COLUMNS})
           SELECT ${COLUMNS} FROM json_to_recordset($1::json) AS r(
             log_id text, business_id text, mode text, key_id text, platform_business_id text, request_id text, ` +
            `client_request_id text, method text,
             route text, path text, status smallint, error_code text, latency_ms float8, api_version text, ` +
            `request_body text,
             request_body_truncated boolean, response_body text, response_body_truncated boolean, ` +
            `requested_at timestamptz)`,
          [json],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * One page, newest first. With `endingBefore` the page is the entries right after that one
   * (oldest of them first in the scan, so none is skipped), still answered newest first.
   */
  async list(businessId: string, mode: Mode, filter: RequestLogFilter): Promise<RequestLogRows> {
    const params: unknown[] = [businessId, mode];
    const where = ['business_id = $1', 'mode = $2'];
    const add = (sql: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.statusMin !== undefined) add((p) => `status >= ${p}`, filter.statusMin);
    if (filter.statusMax !== undefined) add((p) => `status <= ${p}`, filter.statusMax);
    if (filter.method) add((p) => `method = ${p}`, filter.method);
    if (filter.route) add((p) => `route = ${p}`, filter.route);
    if (filter.errorCode) add((p) => `error_code = ${p}`, filter.errorCode);
    if (filter.requestId) add((p) => `request_id = ${p}`, filter.requestId);
    if (filter.createdAfter) add((p) => `requested_at > ${p}`, filter.createdAfter);
    if (filter.createdBefore) add((p) => `requested_at < ${p}`, filter.createdBefore);
    const cursorOf = (placeholder: string) =>
      `(SELECT seq FROM api_request_log WHERE log_id = ${placeholder} AND business_id = $1 AND mode = $2)`;
    for (const [name, id] of [
      ['starting_after', filter.startingAfter],
      ['ending_before', filter.endingBefore],
    ] as const) {
      if (id === undefined) continue;
      const { rowCount } = await this.pool.query(
        'SELECT 1 FROM api_request_log WHERE log_id = $1 AND business_id = $2 AND mode = $3',
        [id, businessId, mode],
      );
      if (!rowCount) return { rows: [], hasMore: false, unknownCursor: name };
    }
    if (filter.startingAfter) add((p) => `seq < ${cursorOf(p)}`, filter.startingAfter);
    if (filter.endingBefore) add((p) => `seq > ${cursorOf(p)}`, filter.endingBefore);
    const ascending = filter.endingBefore !== undefined && filter.startingAfter === undefined;
    params.push(filter.limit + 1);
    const { rows } = await this.pool.query<RequestLogRow>(
      `SELECT ${COLUMNS} FROM api_request_log WHERE ${where.join(' AND ')} ORDER BY seq ` +
        `${ascending ? 'ASC' : 'DESC'} LIMIT $${params.length}`,
      params,
    );
    const hasMore = rows.length > filter.limit;
    const page = rows.slice(0, filter.limit);
    return { rows: ascending ? page.reverse() : page, hasMore };
  }

  /** Deletes up to `batch` of the oldest rows stored before `cutoff`; returns how many went. */
  async deleteStoredBefore(cutoff: Date, batch: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      'DELETE FROM api_request_log WHERE seq IN (SELECT seq FROM api_request_log WHERE created_at ' +
        '< $1 ORDER BY created_at LIMIT $2)',
      [cutoff, batch],
    );
    return rowCount ?? 0;
  }

  /**
   * Deletes up to `batch` of the oldest rows beyond the newest `maxRows`. Sequence numbers only
   * grow and never repeat, so no more than `maxRows` rows have a `seq` above max(seq) - maxRows:
   * the bound holds without counting the table (gaps from rolled-back inserts only make it keep
   * a few rows fewer).
   */
  async deleteBeyond(maxRows: number, batch: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM api_request_log WHERE seq IN (
         SELECT seq FROM api_request_log WHERE seq <= (SELECT max(seq) FROM api_request_log) - $1 ORDER BY seq ` +
        `LIMIT $2)`,
      [maxRows, batch],
    );
    return rowCount ?? 0;
  }
}
