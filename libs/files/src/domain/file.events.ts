import { declareEventSchemas, upcaster } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';
import type { FileContentType } from './file-content-type';

export type Mode = 'test' | 'live';
export const FILE_PURPOSES = ['KYC_DOCUMENT', 'CHARGEBACK_EVIDENCE'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/**
 * Describes the content; the bytes themselves live in the FileStorage port, never in an event.
 * Version 2 (issue 22): `sizeBytes` was `size`, which did not say its unit (upcaster below).
 */
export type FileUploaded = DomainEvent<
  'FileUploaded',
  {
    fileId: string;
    businessId: string;
    mode: Mode;
    purpose: FilePurpose;
    contentType: FileContentType;
    sizeBytes: number;
    sha256: string;
    uploadedAt: string;
  }
>;

export type FileDeleted = DomainEvent<'FileDeleted', { fileId: string; deletedAt: string }>;

export type FileEvent = FileUploaded | FileDeleted;

/** File ids carry the spec's `file-` prefix: the stream is `file-file-<uuid>`. */
export const fileStream = (fileId: string) => `file-${fileId}`;

/** `FileUploaded` as version 1 wrote it: `size` (bytes, but the name did not say so). */
type FileUploadedV1 = Omit<FileUploaded['data'], 'sizeBytes'> & { size: number };

/**
 * FileUploaded v1 → v2: `size` is `sizeBytes`, the name the rest of the log uses for a byte count
 * (`ReportCompleted.sizeBytes`). Nothing else changed.
 */
const fileUploadedSizeInBytes = upcaster<FileUploadedV1, FileUploaded['data']>(
  'FileUploaded',
  1,
  ({ size, ...rest }) => ({ ...rest, sizeBytes: size }),
);

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const FILE_EVENT_SCHEMAS = declareEventSchemas<FileEvent>(
  'files',
  {
    FileUploaded: 2,
    FileDeleted: 1,
  },
  [fileUploadedSizeInBytes],
);
export const FILE_EVENT_TYPES = FILE_EVENT_SCHEMAS.types;
