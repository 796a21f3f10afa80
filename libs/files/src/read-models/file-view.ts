import type { FileContentType } from '../domain/file-content-type';
import type { FilePurpose } from '../domain/file.events';

/** A stored (not deleted) file as the API shows it. */
export interface FileView {
  fileId: string;
  businessId: string;
  purpose: FilePurpose;
  contentType: FileContentType;
  size: number;
  createdAt: string;
  updatedAt: string;
}

export interface FileRow {
  file_id: string;
  business_id: string;
  purpose: FilePurpose;
  content_type: FileContentType;
  size: number;
  created_at: Date;
  updated_at: Date;
}

export const FILE_COLUMNS = 'file_id, business_id, purpose, content_type, size, created_at, updated_at';

export function toFileView(row: FileRow): FileView {
  return {
    fileId: row.file_id,
    businessId: row.business_id,
    purpose: row.purpose,
    contentType: row.content_type,
    size: row.size,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Ids are `file-<uuid>`; anything else cannot exist, and is answered without a query. */
export const FILE_ID = /^file-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
