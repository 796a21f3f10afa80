import { deciderSpec } from '@gateway/testing';
import { fileDecider } from './file.decider';
import type { FileDeleted, FileEvent, FileUploaded } from './file.events';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpec(fileDecider);
const upload = (overrides: object = {}) => ({
  type: 'UploadFile' as const,
  fileId: 'file-1',
  businessId: 'biz_1',
  mode: 'test' as const,
  purpose: 'KYC_DOCUMENT' as const,
  contentType: 'image/png' as const,
  size: 1234,
  sha256: 'ab'.repeat(32),
  now,
  ...overrides,
});
const uploaded: FileUploaded = {
  type: 'FileUploaded',
  data: {
    fileId: 'file-1',
    businessId: 'biz_1',
    mode: 'test',
    purpose: 'KYC_DOCUMENT',
    contentType: 'image/png',
    sizeBytes: 1234,
    sha256: 'ab'.repeat(32),
    uploadedAt: now.toISOString(),
  },
};
const deleted: FileDeleted = { type: 'FileDeleted', data: { fileId: 'file-1', deletedAt: now.toISOString() } };
const remove = (overrides: object = {}) => ({
  type: 'DeleteFile' as const,
  fileId: 'file-1',
  businessId: 'biz_1',
  mode: 'test' as const,
  now,
  ...overrides,
});

describe('file decider', () => {
  it('records an upload by its description, never its bytes', () => {
    spec.given([]).when(upload()).then([uploaded]);
  });

  it('accepts 2,000,000 bytes and refuses more, nothing, unsupported content and a second upload', () => {
    const largest = { ...uploaded, data: { ...uploaded.data, sizeBytes: 2_000_000 } };
    spec
      .given([])
      .when(upload({ size: 2_000_000 }))
      .then([largest]);
    spec
      .given([])
      .when(upload({ size: 2_000_001 }))
      .thenThrows('FILE_TOO_LARGE_EXCEEDED_ERROR');
    spec
      .given([])
      .when(upload({ size: 0 }))
      .thenThrows('API_VALIDATION_ERROR');
    spec
      .given([])
      .when(upload({ contentType: undefined }))
      .thenThrows('UNSUPPORTED_CONTENT_TYPE_ERROR');
    spec.given([uploaded]).when(upload()).thenThrows('API_VALIDATION_ERROR');
  });

  it('deletes a stored file', () => spec.given([uploaded]).when(remove()).then([deleted]));

  // A file is deleted once, for its own business and mode only.
  it.each<[string, FileEvent[], object]>([
    ['a file already deleted', [uploaded, deleted], {}],
    ['an unknown file', [], {}],
    ['a file of another business', [uploaded], { businessId: 'biz_2' }],
    ['a file of another mode', [uploaded], { mode: 'live' }],
  ])('answers DATA_NOT_FOUND to deleting %s', (_what, history, asker) =>
    spec.given(history).when(remove(asker)).thenThrows('DATA_NOT_FOUND'),
  );
});
