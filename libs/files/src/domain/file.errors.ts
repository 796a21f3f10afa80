import { DomainError, invalidField } from '@gateway/domain';

export const MAX_FILE_BYTES = 2_000_000;

export const FileErrors = {
  notFound: (fileId: string) => new DomainError('DATA_NOT_FOUND', `File ${fileId} does not exist`),
  alreadyExists: (fileId: string) => new DomainError('API_VALIDATION_ERROR', `File ${fileId} already exists`),
  tooLarge: () =>
    new DomainError('FILE_TOO_LARGE_EXCEEDED_ERROR', `The file is larger than ${MAX_FILE_BYTES} bytes; compress it and retry`),
  unsupportedType: () =>
    new DomainError('UNSUPPORTED_CONTENT_TYPE_ERROR', 'The file must be a PNG, JPEG or PDF, and its declared type must match its content'),
  empty: () => invalidField(['file'], 'The file is empty', 'isNotEmpty'),
};
