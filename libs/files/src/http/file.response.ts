import type { Request } from 'express';
import type { FileView } from '../read-models/file-view';
import { namedSchema, schema } from '@gateway/http-edge';
import { FILE_PURPOSES } from '../domain/file.events';

/** The file resource (upload, get). */
export const FILE_SCHEMA = namedSchema(
  'File',
  schema.object({
    id: schema.string(),
    business_id: schema.string(),
    purpose: schema.oneOfStrings(FILE_PURPOSES),
    type: schema.string('The content type: image/png, image/jpeg or application/pdf'),
    size: schema.integer('Bytes'),
    created: schema.dateTime(),
    updated: schema.dateTime(),
    url: schema.string('Downloads the file with the same API key', { format: 'uri' }),
  }),
);

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

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'application/pdf': 'pdf',
};

export function downloadName(file: FileView): string {
  return `${file.fileId}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
}
