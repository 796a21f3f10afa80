import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import type { BatchColumn } from '@gateway/projections';
import { DescribedProjection, InjectableProjection, insertRows, typedEvents } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { FILE_EVENT_TYPES, type FileEvent } from '../domain/file.events';
import { FileStorage } from '../storage/file-storage.port';

export const FILES_PROJECTION = 'files.files';

type Uploaded = Extract<FileEvent, { type: 'FileUploaded' }>['data'];

/** An uploaded file's row: created and last updated at its upload. */
const UPLOAD_COLUMNS: BatchColumn<Uploaded>[] = [
  { name: 'file_id', type: 'text', value: (file) => file.fileId },
  { name: 'business_id', type: 'text', value: (file) => file.businessId },
  { name: 'mode', type: 'text', value: (file) => file.mode },
  { name: 'purpose', type: 'text', value: (file) => file.purpose },
  { name: 'content_type', type: 'text', value: (file) => file.contentType },
  { name: 'size', type: 'integer', value: (file) => file.sizeBytes },
  { name: 'sha256', type: 'text', value: (file) => file.sha256 },
  { name: 'created_at', type: 'timestamptz', value: (file) => file.uploadedAt },
  { name: 'updated_at', type: 'timestamptz', value: (file) => file.uploadedAt },
];

/**
 * File metadata for GET /files/{id}. A deletion also erases the content: the delete handler does
 * it at once, and this durable subscription does it again (idempotently) so that content whose
 * erasure was interrupted by a crash still goes.
 */
@InjectableProjection()
export class FilesProjection extends DescribedProjection {
  constructor(private readonly storage: FileStorage) {
    super({ name: FILES_PROJECTION, tables: ['files'], eventTypes: FILE_EVENT_TYPES });
  }

  /** A batch in two statements: the uploads (first one wins), then the deletions (last one wins). */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const uploads = new Map<string, Uploaded>();
    const deletions = new Map<string, string>();
    for (const { event } of typedEvents<FileEvent>(events)) {
      switch (event.type) {
        case 'FileUploaded':
          if (!uploads.has(event.data.fileId)) uploads.set(event.data.fileId, event.data);
          break;
        case 'FileDeleted':
          deletions.set(event.data.fileId, event.data.deletedAt);
          break;
        default:
          assertNever(event, 'file event');
      }
    }
    await insertRows(tx, 'files', UPLOAD_COLUMNS, [...uploads.values()], 'ON CONFLICT (file_id) DO NOTHING');
    if (deletions.size === 0) return;
    const ids = [...deletions.keys()].sort();
    await tx.query(
      `UPDATE files AS f SET deleted_at = d.deleted_at, updated_at = d.deleted_at
         FROM unnest($1::text[], $2::timestamptz[]) AS d (file_id, deleted_at)
        WHERE f.file_id = d.file_id`,
      [ids, ids.map((id) => deletions.get(id)!)],
    );
    for (const id of ids) await this.storage.erase(id);
  }
}
