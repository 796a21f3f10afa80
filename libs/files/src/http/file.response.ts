import type { Request } from 'express';
import type { FileView } from '../read-models/file-view';

/** The file resource (spec "File"); `url` downloads it with the same API key. */
export function fileToWire(file: FileView, request: Request): Record<string, unknown> {
  return {
    id: file.fileId,
    business_id: file.businessId,
    purpose: file.purpose,
    type: file.contentType,
    size: file.size,
    created: file.createdAt,
    updated: file.updatedAt,
    url: `${request.protocol}://${request.get('host') ?? 'localhost'}/files/${file.fileId}/download`,
  };
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'application/pdf': 'pdf' };

export function downloadName(file: FileView): string {
  return `${file.fileId}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
}
