import type { ClientBase } from 'pg';

/**
 * A value as a field of COPY's text format: `\N` for null, and the four characters that would
 * end a field or a row (backslash, tab, newline, carriage return) escaped. Numbers, uuids and
 * ISO timestamps never hold them; they can go into a line as they are.
 */
export function copyText(value: string | number | bigint | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (char) => ESCAPES[char]) : text;
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * Writes rows with `COPY <table> (<columns>) FROM STDIN` (text format). `rows` is the COPY text:
 * one line per row, each ended by a newline, its fields joined by tabs (built with `copyText`).
 * Returns the number of rows written.
 *
 * Why COPY: PostgreSQL parses COPY's text rows with each column's own input function and nothing
 * else. The alternatives tried on the ledger's entries (100,000 rows, no index) cost 2.4–3.5× as
 * much server time: `json_to_recordset` parses a JSON document first, and `unnest` of text arrays
 * parses array literals. COPY has no ON CONFLICT, so it is for rows known to be new (a bulk
 * rebuild page, see `BulkLoad`).
 *
 * A pg Submittable, like the event store's binary COPY reader (no dependency: pg-copy-streams
 * would wrap the same three protocol messages in a stream, and a page is in memory anyway).
 */
export async function copyInto(
  tx: ClientBase,
  table: string,
  columns: readonly string[],
  rows: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  if (!rows.endsWith('\n')) throw new Error('copyInto: every row must end with a newline');
  const statement =
    `COPY ${tx.escapeIdentifier(table)} ` +
    `(${columns.map((column) => tx.escapeIdentifier(column)).join(', ')}) FROM STDIN`;
  const copy = new CopyFromText(statement, Buffer.from(rows, 'utf8'));
  // A connection lost with no message to route reaches pg's 'error' event, not the query: fail it too.
  const fail = (error: Error) => copy.handleError(error);
  tx.on('error', fail);
  try {
    void tx.query(copy as never);
    return await copy.result;
  } finally {
    tx.off('error', fail);
  }
}

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

/** Sends the statement, answers the server's CopyInResponse with the data, and settles on ReadyForQuery. */
class CopyFromText {
  readonly result: Promise<number>;
  private rowCount = 0;
  private failure: Error | undefined;
  private settled = false;
  private settle!: (error: Error | undefined, rows?: number) => void;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.result = new Promise<number>((resolve, reject) => {
      this.settle = (error, rows) => {
        if (this.settled) return;
        this.settled = true;
        if (error) reject(error);
        else resolve(rows!);
      };
    });
  }

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }): void {
    // "COPY <n>"
    this.rowCount = Number(message.text?.split(' ')[1] ?? 0);
  }

  handleReadyForQuery(): void {
    this.settle(this.failure, this.rowCount);
  }

  /** A server error (pg routes nothing more here, not even ReadyForQuery) or a broken connection. */
  handleError(error: Error): void {
    this.settle(error);
  }

  handleRowDescription(): void {
    this.failure ??= new Error('COPY FROM STDIN: the server answered with rows');
  }

  handleDataRow(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyData(): void {
    this.failure ??= new Error('COPY FROM STDIN: the server sent COPY data');
  }
}
