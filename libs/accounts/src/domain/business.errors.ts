import { defineErrorCodes } from '@gateway/domain';

export const ACCOUNT_ERROR_CODES = defineErrorCodes('accounts', {
  BUSINESS_NOT_FOUND_ERROR: { status: 404 },
  BUSINESS_ALREADY_REGISTERED_ERROR: { status: 409 },
  API_KEY_NOT_FOUND_ERROR: { status: 404 },
  API_KEY_ALREADY_REVOKED_ERROR: { status: 409 },
});

const errorOf = ACCOUNT_ERROR_CODES.error.bind(ACCOUNT_ERROR_CODES);

export const BusinessErrors = {
  alreadyRegistered: (businessId: string) =>
    errorOf('BUSINESS_ALREADY_REGISTERED_ERROR', `Business ${businessId} is already registered`),
  notFound: (businessId: string) => errorOf('BUSINESS_NOT_FOUND_ERROR', `Business ${businessId} does not exist`),
  invalidName: () => errorOf('API_VALIDATION_ERROR', 'Business name must be 1 to 255 characters'),
  parentNotPlatform: (parentId: string) =>
    errorOf('API_VALIDATION_ERROR', `Business ${parentId} does not have the sub-account platform feature`),
  platformCannotBeSubAccount: () =>
    errorOf('API_VALIDATION_ERROR', 'A sub-account cannot itself be a platform business'),
  invalidAdvance: () =>
    errorOf(
      'API_VALIDATION_ERROR',
      'A test clock only moves forward: advance by a positive whole number of milliseconds',
    ),
  keyNotFound: (keyId: string) => errorOf('API_KEY_NOT_FOUND_ERROR', `API key ${keyId} does not exist`),
  keyAlreadyRevoked: (keyId: string) => errorOf('API_KEY_ALREADY_REVOKED_ERROR', `API key ${keyId} is already revoked`),
  invalidKeyName: () => errorOf('API_VALIDATION_ERROR', 'API key name must be 1 to 100 characters'),
  publicKeyPermissions: () =>
    errorOf('API_VALIDATION_ERROR', 'A public key carries no permissions: it only reaches card tokenization'),
  noPermissions: () => errorOf('API_VALIDATION_ERROR', 'A secret key needs at least one permission'),
  /** `fields`: problems that name their setting (`api_versions.<resource>`), listed in `errors[]` too. */
  invalidSettings: (problems: string[], fields: { field: string[]; message: string; type: string }[] = []) =>
    errorOf('API_VALIDATION_ERROR', [...problems, ...fields.map((f) => f.message)].join('; '), {
      problems: [...problems, ...fields.map((f) => f.message)],
      ...(fields.length > 0 && {
        errors: fields.map((f) => ({ field: f.field, location: 'body', messages: [f.message], types: [f.type] })),
      }),
    }),
  emptySettingsUpdate: () => errorOf('API_VALIDATION_ERROR', 'The settings update changes nothing'),
};
