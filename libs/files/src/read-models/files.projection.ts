import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { FILE_EVENT_TYPES, type FileEvent } from '../domain/file.events';
import { FileStorage } from '../storage/file-storage.port';

export const FILES_PROJECTION = 'files.files';

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

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as FileEvent;
      switch (event.type) {
        case 'FileUploaded': {
          const { fileId, businessId, mode, purpose, contentType, size, sha256, uploadedAt } = event.data;
          await tx.query(
            `INSERT INTO files (file_id, business_id, mode, purpose, content_type, size, sha256, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (file_id) DO NOTHING`,
            [fileId, businessId, mode, purpose, contentType, size, sha256, uploadedAt],
          );
          break;
        }
        case 'FileDeleted':
          await tx.query('UPDATE files SET deleted_at = $2, updated_at = $2 WHERE file_id = $1', [event.data.fileId, event.data.deletedAt]);
          await this.storage.erase(event.data.fileId);
          break;
        default:
          assertNever(event, 'file event');
      }
    }
  }
}
