import { defineErrorCodes, invalidField } from '@gateway/domain';

export const FILE_ERROR_CODES = defineErrorCodes('files', {
  FILE_TOO_LARGE_EXCEEDED_ERROR: { status: 413 },
  UNSUPPORTED_CONTENT_TYPE_ERROR: { status: 415 },
});

const errorOf = FILE_ERROR_CODES.error.bind(FILE_ERROR_CODES);

export const MAX_FILE_BYTES = 2_000_000;

export const FileErrors = {
  notFound: (fileId: string) => errorOf('DATA_NOT_FOUND', `File ${fileId} does not exist`),
  alreadyExists: (fileId: string) => errorOf('API_VALIDATION_ERROR', `File ${fileId} already exists`),
  tooLarge: () =>
    errorOf('FILE_TOO_LARGE_EXCEEDED_ERROR', `The file is larger than ${MAX_FILE_BYTES} bytes; compress it and retry`),
  unsupportedType: () =>
    errorOf(
      'UNSUPPORTED_CONTENT_TYPE_ERROR',
      'The file must be a PNG, JPEG or PDF, and its declared type must match its content',
    ),
  empty: () => invalidField(['file'], 'The file is empty', 'isNotEmpty'),
};
