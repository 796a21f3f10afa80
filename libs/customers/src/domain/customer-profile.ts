/**
 * The customer profile in the spec's own vocabulary (money-out-and-platform.md, "Customer"). Field
 * names stay the spec's snake case: events, the read model and both wire versions use the same
 * names, so there is no rename layer to get wrong. The 2020-10-31 shape is the canonical one; the
 * 2020-05-19 (flat) shape is mapped onto it at the edge.
 */
export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const BUSINESS_TYPES = [
  'CORPORATION',
  'SOLE_PROPRIETOR',
  'PARTNERSHIP',
  'COOPERATIVE',
  'TRUST',
  'NON_PROFIT',
  'GOVERNMENT',
] as const;
export const ADDRESS_CATEGORIES = ['HOME', 'WORK', 'PROVINCIAL'] as const;
export const IDENTITY_ACCOUNT_TYPES = [
  'BANK_ACCOUNT',
  'EWALLET',
  'CREDIT_CARD',
  'PAY_LATER',
  'OTC',
  'QR_CODE',
  'SOCIAL_MEDIA',
] as const;
export const KYC_DOCUMENT_TYPES = [
  'BIRTH_CERTIFICATE',
  'BANK_STATEMENT',
  'DRIVING_LICENSE',
  'IDENTITY_CARD',
  'PASSPORT',
  'VISA',
  'BUSINESS_REGISTRATION',
  'BUSINESS_LICENSE',
] as const;
export const KYC_IDENTITY_CARD_SUB_TYPES = [
  'NATIONAL_ID',
  'CONSULAR_ID',
  'VOTER_ID',
  'POSTAL_ID',
  'RESIDENCE_PERMIT',
  'TAX_ID',
  'STUDENT_ID',
  'MILITARY_ID',
  'MEDICAL_ID',
] as const;

export type IdentityAccountType = (typeof IDENTITY_ACCOUNT_TYPES)[number];

export interface Employment {
  employer_name?: string;
  nature_of_business?: string;
  role_description?: string;
}

export interface IndividualDetail {
  given_names: string;
  /** Only the 2020-05-19 shape carries it; kept so that version renders what it was given. */
  middle_name?: string;
  surname?: string;
  nationality?: string;
  place_of_birth?: string;
  date_of_birth?: string;
  gender?: (typeof GENDERS)[number];
  employment?: Employment;
}

export interface BusinessDetail {
  business_name: string;
  business_type: (typeof BUSINESS_TYPES)[number];
  trading_name?: string;
  nature_of_business?: string;
  business_domicile?: string;
  date_of_registration?: string;
}

export interface Address {
  country: string;
  street_line1?: string;
  street_line2?: string;
  city?: string;
  province_state?: string;
  postal_code?: string;
  category?: (typeof ADDRESS_CATEGORIES)[number];
  is_primary?: boolean;
}

export interface IdentityAccount {
  type: IdentityAccountType;
  company?: string;
  description?: string;
  country?: string;
  properties?: Record<string, unknown>;
}

export interface KycDocument {
  country: string;
  type: (typeof KYC_DOCUMENT_TYPES)[number];
  sub_type?: (typeof KYC_IDENTITY_CARD_SUB_TYPES)[number];
  document_name?: string;
  document_number?: string;
  holder_name?: string;
  expires_at?: string;
  /** Ids of files uploaded through POST /files by the same business, in the same mode. */
  document_images?: string[];
}

export type CustomerMetadata = Record<string, unknown>;

export interface CustomerProfile {
  type: CustomerType;
  individual_detail: IndividualDetail | null;
  business_detail: BusinessDetail | null;
  email?: string;
  mobile_number?: string;
  phone_number?: string;
  hashed_phone_number?: string;
  addresses: Address[];
  identity_accounts: IdentityAccount[];
  kyc_documents: KycDocument[];
  description?: string;
  date_of_registration?: string;
  domicile_of_registration?: string;
  metadata?: CustomerMetadata;
}

/** Fields an update may touch: everything but `type` (and `reference_id`, which is not part of the profile). */
export type UpdatableField = Exclude<keyof CustomerProfile, 'type'>;

/**
 * A partial update (spec "Update rules for customers"): an absent field stays, a present one
 * replaces the whole value (arrays included), `null` removes it.
 */
export type CustomerChanges = { [K in UpdatableField]?: CustomerProfile[K] | null };

const EMPTY_WHEN_REMOVED: Partial<Record<UpdatableField, unknown>> = {
  addresses: [],
  identity_accounts: [],
  kyc_documents: [],
  individual_detail: null,
  business_detail: null,
};

export function applyCustomerChanges(profile: CustomerProfile, changes: CustomerChanges): CustomerProfile {
  const next: Record<string, unknown> = { ...profile };
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value !== null) next[field] = value;
    else if (field in EMPTY_WHEN_REMOVED) next[field] = EMPTY_WHEN_REMOVED[field as UpdatableField];
    else delete next[field];
  }
  return next as unknown as CustomerProfile;
}

/** Every file id the profile's KYC documents refer to. */
export function referencedFileIds(documents: readonly KycDocument[] | null | undefined): string[] {
  return [...new Set((documents ?? []).flatMap((document) => document.document_images ?? []))];
}
