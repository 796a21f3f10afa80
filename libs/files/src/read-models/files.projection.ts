import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { FILE_EVENT_TYPES, type FileEvent } from '../domain/file.events';
import { FileStorage } from '../storage/file-storage.port';

export const FILES_PROJECTION = 'files.files';

type Uploaded = Extract<FileEvent, { type: 'FileUploaded' }>['data'];

/**
 * File metadata for GET /files/{id}. A deletion also erases the content: the delete handler does
 * it at once, and this durable subscription does it again (idempotently) so that content whose
 * erasure was interrupted by a crash still goes.
 */
@ReadModelProjection()
@Injectable()
export class FilesProjection implements Projection {
  readonly name = FILES_PROJECTION;
  readonly tables = ['files'];
  readonly eventTypes = FILE_EVENT_TYPES;

  constructor(private readonly storage: FileStorage) {}

  /** A batch in two statements: the uploads (first one wins), then the deletions (last one wins). */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const uploads = new Map<string, Uploaded>();
    const deletions = new Map<string, string>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as FileEvent;
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
    if (uploads.size > 0) {
      const list = [...uploads.values()];
      await tx.query(
        `INSERT INTO files (file_id, business_id, mode, purpose, content_type, size, sha256, created_at, updated_at)
         SELECT file_id, business_id, mode, purpose, content_type, size, sha256, uploaded_at, uploaded_at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::text[], ` +
          `$8::timestamptz[])
                WITH ORDINALITY AS f (file_id, business_id, mode, purpose, content_type, size, sha256, uploaded_at, ord)
          ORDER BY ord
         ON CONFLICT (file_id) DO NOTHING`,
        [
          list.map((f) => f.fileId),
          list.map((f) => f.businessId),
          list.map((f) => f.mode),
          list.map((f) => f.purpose),
          list.map((f) => f.contentType),
          list.map((f) => f.sizeBytes),
          list.map((f) => f.sha256),
          list.map((f) => f.uploadedAt),
        ],
      );
    }
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
