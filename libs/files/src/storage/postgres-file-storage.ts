import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { Pool } from 'pg';
import { FileStorage, type StoredFileKey } from './file-storage.port';

/** Each read takes this much of a file: a download never holds more than one chunk per stream. */
export const DOWNLOAD_CHUNK_BYTES = 256 * 1024;

/**
 * File bytes in a PostgreSQL `bytea` column (table `file_contents`, owned by this adapter, not a
 * projection: a rebuild never touches it). The column's storage is EXTERNAL: PNG, JPEG and PDF are
 * compressed already, and uncompressed TOAST lets `substring()` fetch just the chunk asked for.
 */
@Injectable()
export class PostgresFileStorage extends FileStorage {
  constructor(private readonly pool: Pool) {
    super();
  }

  /** Stores the bytes once: a second put of the same id (a re-executed keyed upload) keeps the first. */
  async put(key: StoredFileKey, content: Buffer): Promise<void> {
    await this.pool.query(
      'INSERT INTO file_contents (file_id, business_id, mode, content) VALUES ($1, $2, $3, ' +
        '$4) ON CONFLICT (file_id) DO NOTHING',
      [key.fileId, key.businessId, key.mode, content],
    );
  }

  async open(fileId: string): Promise<Readable | undefined> {
    const { rows } = await this.pool.query<{ size: number }>(
      'SELECT octet_length(content) AS size FROM file_contents WHERE file_id = $1',
      [fileId],
    );
    const size = rows[0]?.size;
    if (size === undefined) return undefined;
    return Readable.from(this.chunks(fileId, size), { objectMode: false });
  }

  async erase(fileId: string): Promise<void> {
    await this.pool.query('DELETE FROM file_contents WHERE file_id = $1', [fileId]);
  }

  private async *chunks(fileId: string, size: number): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < size; offset += DOWNLOAD_CHUNK_BYTES) {
      const { rows } = await this.pool.query<{ chunk: Buffer }>(
        // substring() on bytea counts from 1.
        'SELECT substring(content FROM $2::int FOR $3::int) AS chunk FROM file_contents WHERE file_id = $1',
        [fileId, offset + 1, DOWNLOAD_CHUNK_BYTES],
      );
      const chunk = rows[0]?.chunk;
      if (!chunk) throw new Error(`File ${fileId} was erased while it was being read`);
      yield chunk;
    }
  }
}
