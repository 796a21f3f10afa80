import type { Readable } from 'node:stream';

export interface StoredFileKey {
  fileId: string;
  businessId: string;
  mode: 'test' | 'live';
}

/**
 * Where file bytes live: never in events or read models (design §3). The default adapter keeps
 * them in PostgreSQL (postgres-file-storage.ts; docs/decisions.md, "Files"); an object store
 * would implement the same three operations.
 */
export abstract class FileStorage {
  /**
   * Stores the content under the file id, once: storing the same id again keeps the first content
   * (a keyed upload executed again after a crash mints the same id; its file describes the first).
   */
  abstract put(key: StoredFileKey, content: Buffer): Promise<void>;
  /** The content as a stream read in bounded chunks, or undefined when there is none. */
  abstract open(fileId: string): Promise<Readable | undefined>;
  /** Removes the content; idempotent (erasing what is gone is fine). */
  abstract erase(fileId: string): Promise<void>;
}
