import { createHash, type Hash } from 'node:crypto';
import type { Pool } from 'pg';

/** Bytes per stored chunk: the writer holds at most this much, the reader streams chunk by chunk. */
export const REPORT_CHUNK_BYTES = 256 * 1024;

/** Writes a report's content as it is generated, in chunks, hashing as it goes. */
export class ReportContentWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private readonly hash: Hash = createHash('sha256');
  sizeBytes = 0;

  private constructor(
    private readonly pool: Pool,
    private readonly reportId: string,
  ) {}

  /** Starts over: a retried or re-run report replaces whatever an earlier run wrote. */
  static async open(pool: Pool, reportId: string): Promise<ReportContentWriter> {
    await pool.query('DELETE FROM report_contents WHERE report_id = $1', [reportId]);
    return new ReportContentWriter(pool, reportId);
  }

  async write(text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    this.hash.update(bytes);
    this.sizeBytes += bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= REPORT_CHUNK_BYTES) await this.flush();
  }

  /** Writes what is left; returns the content's SHA-256 (hex). */
  async close(): Promise<string> {
    await this.flush();
    return this.hash.digest('hex');
  }

  private async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const chunk = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.pool.query('INSERT INTO report_contents (report_id, seq, data) VALUES ($1, $2, $3)', [
      this.reportId,
      this.seq,
      chunk,
    ]);
    this.seq += 1;
  }
}

/** A stored report's content, one chunk per round trip. */
export async function* readReportContent(pool: Pool, reportId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const { rows } = await pool.query<{ data: Buffer }>(
      'SELECT data FROM report_contents WHERE report_id = $1 AND seq = $2',
      [reportId, seq],
    );
    if (rows.length === 0) return;
    yield rows[0].data;
  }
}
