import { DomainError } from '@gateway/domain';

export const BusinessErrors = {
  alreadyRegistered: (businessId: string) =>
    new DomainError('BUSINESS_ALREADY_REGISTERED_ERROR', `Business ${businessId} is already registered`),
  notFound: (businessId: string) => new DomainError('BUSINESS_NOT_FOUND_ERROR', `Business ${businessId} does not exist`),
  invalidName: () => new DomainError('API_VALIDATION_ERROR', 'Business name must be 1 to 255 characters'),
  parentNotPlatform: (parentId: string) =>
    new DomainError('API_VALIDATION_ERROR', `Business ${parentId} does not have the sub-account platform feature`),
  platformCannotBeSubAccount: () =>
    new DomainError('API_VALIDATION_ERROR', 'A sub-account cannot itself be a platform business'),
  invalidAdvance: () =>
    new DomainError('API_VALIDATION_ERROR', 'A test clock only moves forward: advance by a positive whole number of milliseconds'),
  keyNotFound: (keyId: string) => new DomainError('API_KEY_NOT_FOUND_ERROR', `API key ${keyId} does not exist`),
  keyAlreadyRevoked: (keyId: string) => new DomainError('API_KEY_ALREADY_REVOKED_ERROR', `API key ${keyId} is already revoked`),
  invalidKeyName: () => new DomainError('API_VALIDATION_ERROR', 'API key name must be 1 to 100 characters'),
  publicKeyPermissions: () =>
    new DomainError('API_VALIDATION_ERROR', 'A public key carries no permissions: it only reaches card tokenization'),
  noPermissions: () => new DomainError('API_VALIDATION_ERROR', 'A secret key needs at least one permission'),
  /** `fields`: problems that name their setting (`api_versions.<resource>`), listed in `errors[]` too. */
  invalidSettings: (problems: string[], fields: { field: string[]; message: string; type: string }[] = []) =>
    new DomainError('API_VALIDATION_ERROR', [...problems, ...fields.map((f) => f.message)].join('; '), {
      problems: [...problems, ...fields.map((f) => f.message)],
      ...(fields.length > 0 && { errors: fields.map((f) => ({ field: f.field, location: 'body', messages: [f.message], types: [f.type] })) }),
    }),
  emptySettingsUpdate: () => new DomainError('API_VALIDATION_ERROR', 'The settings update changes nothing'),
};
