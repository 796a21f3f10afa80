import { conflict, defineErrors, notFound, shared } from '@gateway/domain';

/** A settings problem that names its setting (`api_versions.<resource>`): listed in `errors[]` too. */
interface FieldProblem {
  field: string[];
  message: string;
  type: string;
}

function settingsProblems(problems: string[], fields: FieldProblem[] = []): string[] {
  return [...problems, ...fields.map((f) => f.message)];
}

export const BusinessErrors = defineErrors('accounts', {
  alreadyRegistered: conflict(
    'BUSINESS_ALREADY_REGISTERED_ERROR',
    (businessId: string) => `Business ${businessId} is already registered`,
  ),
  notFound: notFound('BUSINESS_NOT_FOUND_ERROR', (businessId: string) => `Business ${businessId} does not exist`),
  invalidName: shared('API_VALIDATION_ERROR', 'Business name must be 1 to 255 characters'),
  parentNotPlatform: shared(
    'API_VALIDATION_ERROR',
    (parentId: string) => `Business ${parentId} does not have the sub-account platform feature`,
  ),
  platformCannotBeSubAccount: shared('API_VALIDATION_ERROR', 'A sub-account cannot itself be a platform business'),
  invalidAdvance: shared(
    'API_VALIDATION_ERROR',
    'A test clock only moves forward: advance by a positive whole number of milliseconds',
  ),
  keyNotFound: notFound('API_KEY_NOT_FOUND_ERROR', (keyId: string) => `API key ${keyId} does not exist`),
  keyAlreadyRevoked: conflict(
    'API_KEY_ALREADY_REVOKED_ERROR',
    (keyId: string) => `API key ${keyId} is already revoked`,
  ),
  invalidKeyName: shared('API_VALIDATION_ERROR', 'API key name must be 1 to 100 characters'),
  publicKeyPermissions: shared(
    'API_VALIDATION_ERROR',
    'A public key carries no permissions: it only reaches card tokenization',
  ),
  noPermissions: shared('API_VALIDATION_ERROR', 'A secret key needs at least one permission'),
  invalidSettings: shared(
    'API_VALIDATION_ERROR',
    (problems: string[], fields: FieldProblem[] = []) => settingsProblems(problems, fields).join('; '),
    (problems, fields = []) => ({
      problems: settingsProblems(problems, fields),
      ...(fields.length > 0 && {
        errors: fields.map((f) => ({ field: f.field, location: 'body', messages: [f.message], types: [f.type] })),
      }),
    }),
  ),
  emptySettingsUpdate: shared('API_VALIDATION_ERROR', 'The settings update changes nothing'),
});

export const ACCOUNT_ERROR_CODES = BusinessErrors.catalogue;
