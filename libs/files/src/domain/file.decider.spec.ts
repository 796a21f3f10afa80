import { deciderSpec } from '@gateway/testing';
import { fileDecider } from './file.decider';
import type { FileUploaded } from './file.events';

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

  it('deletes a stored file once, for its own business and mode only', () => {
    spec
      .given([uploaded])
      .when(remove())
      .then([{ type: 'FileDeleted', data: { fileId: 'file-1', deletedAt: now.toISOString() } }]);
    spec
      .given([uploaded, { type: 'FileDeleted', data: { fileId: 'file-1', deletedAt: now.toISOString() } }])
      .when(remove())
      .thenThrows('DATA_NOT_FOUND');
    spec.given([]).when(remove()).thenThrows('DATA_NOT_FOUND');
    spec
      .given([uploaded])
      .when(remove({ businessId: 'biz_2' }))
      .thenThrows('DATA_NOT_FOUND');
    spec
      .given([uploaded])
      .when(remove({ mode: 'live' }))
      .thenThrows('DATA_NOT_FOUND');
  });
});
