import type { DomainEvent } from '@gateway/domain';
import type { FileContentType } from './file-content-type';

export type Mode = 'test' | 'live';
export const FILE_PURPOSES = ['KYC_DOCUMENT', 'CHARGEBACK_EVIDENCE'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Describes the content; the bytes themselves live in the FileStorage port, never in an event. */
export type FileUploaded = DomainEvent<
  'FileUploaded',
  {
    fileId: string;
    businessId: string;
    mode: Mode;
    purpose: FilePurpose;
    contentType: FileContentType;
    size: number;
    sha256: string;
    uploadedAt: string;
  }
>;

export type FileDeleted = DomainEvent<'FileDeleted', { fileId: string; deletedAt: string }>;

export type FileEvent = FileUploaded | FileDeleted;

export const FILE_EVENT_TYPES: readonly FileEvent['type'][] = ['FileUploaded', 'FileDeleted'];

/** File ids carry the spec's `file-` prefix: the stream is `file-file-<uuid>`. */
export const fileStream = (fileId: string) => `file-${fileId}`;
