import { defineErrors, invalidField, payloadTooLarge, shared, unsupportedMediaType } from '@gateway/domain';

export const MAX_FILE_BYTES = 2_000_000;

export const FileErrors = defineErrors('files', {
  notFound: shared('DATA_NOT_FOUND', (fileId: string) => `File ${fileId} does not exist`),
  alreadyExists: shared('API_VALIDATION_ERROR', (fileId: string) => `File ${fileId} already exists`),
  tooLarge: payloadTooLarge(
    'FILE_TOO_LARGE_EXCEEDED_ERROR',
    `The file is larger than ${MAX_FILE_BYTES} bytes; compress it and retry`,
  ),
  unsupportedType: unsupportedMediaType(
    'UNSUPPORTED_CONTENT_TYPE_ERROR',
    'The file must be a PNG, JPEG or PDF, and its declared type must match its content',
  ),
  empty: () => invalidField(['file'], 'The file is empty', 'isNotEmpty'),
});

export const FILE_ERROR_CODES = FileErrors.catalogue;
