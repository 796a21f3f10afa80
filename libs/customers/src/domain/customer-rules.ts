import {
  type CustomerChanges,
  type CustomerProfile,
  type IdentityAccount,
  type IdentityAccountType,
  type KycDocument,
} from './customer-profile';

/** One rejected value, in the shape of the spec's `errors` entries (location is always the body here). */
export interface RuleViolation {
  field: string[];
  location: 'body';
  messages: string[];
  types: string[];
}

const violation = (field: string[], message: string, type: string): RuleViolation => ({
  field,
  location: 'body',
  messages: [message],
  types: [type],
});

/** Which `properties` each identity account type requires and allows (spec table under `identity_accounts`). */
const IDENTITY_PROPERTIES: Record<IdentityAccountType, { required: string[]; optional: string[] }> = {
  BANK_ACCOUNT: {
    required: ['account_number', 'account_holder_name'],
    optional: ['swift_code', 'account_type', 'account_details', 'currency'],
  },
  EWALLET: { required: ['account_number'], optional: ['account_holder_name', 'currency'] },
  CREDIT_CARD: { required: ['token_id'], optional: [] },
  OTC: { required: ['payment_code'], optional: ['expires_at'] },
  QR_CODE: { required: ['qr_string'], optional: [] },
  PAY_LATER: { required: ['account_id'], optional: ['account_holder_name', 'currency'] },
  SOCIAL_MEDIA: { required: ['account_id'], optional: ['account_handle'] },
};

const PROPERTY_MAX_LENGTH = 255;
const CURRENCY = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;

/** The type decides which detail is present: exactly the matching one. */
export function detailViolations(profile: CustomerProfile): RuleViolation[] {
  const problems: RuleViolation[] = [];
  if (profile.type === 'INDIVIDUAL') {
    if (profile.business_detail)
      problems.push(
        violation(['business_detail'], 'business_detail must be null for an INDIVIDUAL customer', 'detailMatchesType'),
      );
    if (!profile.individual_detail)
      problems.push(
        violation(
          ['individual_detail'],
          'individual_detail is required for an INDIVIDUAL customer',
          'detailMatchesType',
        ),
      );
    else if (
      typeof profile.individual_detail.given_names !== 'string' ||
      profile.individual_detail.given_names.length === 0
    ) {
      problems.push(violation(['individual_detail', 'given_names'], 'given_names is required', 'isDefined'));
    }
  } else {
    if (profile.individual_detail)
      problems.push(
        violation(['individual_detail'], 'individual_detail must be null for a BUSINESS customer', 'detailMatchesType'),
      );
    if (!profile.business_detail)
      problems.push(
        violation(['business_detail'], 'business_detail is required for a BUSINESS customer', 'detailMatchesType'),
      );
  }
  return problems;
}

export function legacyOnBusiness(): RuleViolation {
  return violation(
    ['given_names'],
    'the 2020-05-19 name fields apply to INDIVIDUAL customers only',
    'detailMatchesType',
  );
}

export function identityAccountViolations(accounts: readonly IdentityAccount[]): RuleViolation[] {
  const problems: RuleViolation[] = [];
  accounts.forEach((account, index) => {
    const rule = IDENTITY_PROPERTIES[account.type];
    const path = ['identity_accounts', String(index), 'properties'];
    if (!rule) return; // the type itself is checked at the edge
    const properties = account.properties ?? {};
    for (const name of rule.required) {
      const value = properties[name];
      if (typeof value !== 'string' || value.length === 0) {
        problems.push(
          violation([...path, name], `${name} is required for a ${account.type} identity account`, 'isRequiredForType'),
        );
      }
    }
    for (const [name, value] of Object.entries(properties)) {
      if (!rule.required.includes(name) && !rule.optional.includes(name)) {
        problems.push(
          violation(
            [...path, name],
            `${name} is not a property of a ${account.type} identity account`,
            'isAllowedForType',
          ),
        );
      } else if (typeof value !== 'string' || value.length > PROPERTY_MAX_LENGTH) {
        problems.push(
          violation(
            [...path, name],
            `${name} must be a string of at most ${PROPERTY_MAX_LENGTH} characters`,
            'isString',
          ),
        );
      } else if (name === 'currency' && !CURRENCY.test(value)) {
        problems.push(violation([...path, name], 'currency must be an ISO 4217 code', 'isISO4217'));
      } else if (name === 'expires_at' && !DATE.test(value)) {
        problems.push(violation([...path, name], 'expires_at must be a YYYY-MM-DD date', 'isDate'));
      }
    }
  });
  return problems;
}

/**
 * KYC documents: `sub_type` belongs to identity cards only, and every image must be a file of
 * this business and mode that exists (`existingFileIds`, found by the handler).
 */
export function kycDocumentViolations(
  documents: readonly KycDocument[],
  existingFileIds: ReadonlySet<string>,
): RuleViolation[] {
  const problems: RuleViolation[] = [];
  documents.forEach((document, index) => {
    if (document.sub_type !== undefined && document.type !== 'IDENTITY_CARD') {
      problems.push(
        violation(
          ['kyc_documents', String(index), 'sub_type'],
          'sub_type is only allowed for an IDENTITY_CARD document',
          'isAllowedForType',
        ),
      );
    }
    (document.document_images ?? []).forEach((fileId, imageIndex) => {
      if (!existingFileIds.has(fileId)) {
        problems.push(
          violation(
            ['kyc_documents', String(index), 'document_images', String(imageIndex)],
            `file ${fileId} does not exist`,
            'fileExists',
          ),
        );
      }
    });
  });
  return problems;
}

export function metadataViolations(metadata: Record<string, unknown> | undefined): RuleViolation[] {
  if (!metadata) return [];
  const problems: RuleViolation[] = [];
  const entries = Object.entries(metadata);
  if (entries.length > METADATA_LIMITS.keys)
    problems.push(violation(['metadata'], `metadata holds at most ${METADATA_LIMITS.keys} keys`, 'maxKeys'));
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > METADATA_LIMITS.keyLength) {
      problems.push(
        violation(
          ['metadata', key],
          `metadata key names are 1 to ${METADATA_LIMITS.keyLength} characters`,
          'maxKeyLength',
        ),
      );
    }
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    if (text.length > METADATA_LIMITS.valueLength) {
      problems.push(
        violation(
          ['metadata', key],
          `metadata values are at most ${METADATA_LIMITS.valueLength} characters`,
          'maxValueLength',
        ),
      );
    }
  }
  return problems;
}

/** Every rule of a whole profile that its fields' own types cannot express. */
export function profileViolations(profile: CustomerProfile, existingFileIds: ReadonlySet<string>): RuleViolation[] {
  return [
    ...detailViolations(profile),
    ...identityAccountViolations(profile.identity_accounts),
    ...kycDocumentViolations(profile.kyc_documents, existingFileIds),
    ...metadataViolations(profile.metadata),
  ];
}

/**
 * On update the spec limits free text to letters and digits ("alphanumeric, no special
 * characters"). Spaces separate words and are allowed; letters of every script count.
 */
const FREE_TEXT = /^[\p{L}\p{N} ]*$/u;

type Path = readonly string[];

function freeTextFields(changes: CustomerChanges): [Path, unknown][] {
  const fields: [Path, unknown][] = [];
  const individual = changes.individual_detail;
  if (individual) {
    for (const name of ['given_names', 'middle_name', 'surname', 'place_of_birth'] as const)
      fields.push([['individual_detail', name], individual[name]]);
    for (const name of ['employer_name', 'nature_of_business', 'role_description'] as const) {
      fields.push([['individual_detail', 'employment', name], individual.employment?.[name]]);
    }
  }
  const business = changes.business_detail;
  if (business) {
    for (const name of ['business_name', 'trading_name', 'nature_of_business'] as const)
      fields.push([['business_detail', name], business[name]]);
  }
  fields.push([['description'], changes.description]);
  (changes.addresses ?? []).forEach((address, index) => {
    for (const name of ['street_line1', 'street_line2', 'city', 'province_state'] as const)
      fields.push([['addresses', String(index), name], address[name]]);
  });
  (changes.kyc_documents ?? []).forEach((document, index) => {
    for (const name of ['document_name', 'holder_name'] as const)
      fields.push([['kyc_documents', String(index), name], document[name]]);
  });
  (changes.identity_accounts ?? []).forEach((account, index) => {
    fields.push([['identity_accounts', String(index), 'description'], account.description]);
    fields.push([
      ['identity_accounts', String(index), 'properties', 'account_holder_name'],
      account.properties?.account_holder_name,
    ]);
  });
  return fields;
}

export function freeTextViolations(changes: CustomerChanges): RuleViolation[] {
  return freeTextFields(changes)
    .filter(([, value]) => typeof value === 'string' && !FREE_TEXT.test(value))
    .map(([path]) =>
      violation(
        [...path],
        `${path[path.length - 1]} may hold only letters, digits and spaces on update`,
        'isAlphanumeric',
      ),
    );
}
