import type { Address, CustomerChanges, CustomerProfile, IndividualDetail } from '../domain/customer-profile';
import type { LegacyIndividualChanges } from '../domain/customer.decider';
import type {
  CreateLegacyCustomerRequestDto,
  LegacyAddressDto,
  UpdateLegacyCustomerRequestDto,
} from './customer-legacy.request.dto';
import type { CreateCustomerRequestDto, UpdateCustomerRequestDto } from './customer-v2.request.dto';

/** Drops `undefined` values so that events and read models only hold what was sent. */
function defined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function profileFromV2(dto: CreateCustomerRequestDto): CustomerProfile {
  return defined({
    type: dto.type,
    individual_detail: dto.individual_detail ?? null,
    business_detail: dto.business_detail ?? null,
    email: dto.email,
    mobile_number: dto.mobile_number,
    phone_number: dto.phone_number,
    hashed_phone_number: dto.hashed_phone_number,
    addresses: dto.addresses ?? [],
    identity_accounts: dto.identity_accounts,
    kyc_documents: dto.kyc_documents ?? [],
    description: dto.description,
    date_of_registration: dto.date_of_registration,
    domicile_of_registration: dto.domicile_of_registration,
    metadata: dto.metadata,
  });
}

const UPDATABLE_V2 = [
  'individual_detail',
  'business_detail',
  'email',
  'mobile_number',
  'phone_number',
  'hashed_phone_number',
  'addresses',
  'identity_accounts',
  'kyc_documents',
  'description',
  'date_of_registration',
  'domicile_of_registration',
  'metadata',
] as const;

export function changesFromV2(dto: UpdateCustomerRequestDto): CustomerChanges {
  const changes: Record<string, unknown> = {};
  for (const field of UPDATABLE_V2) {
    const value = dto[field];
    if (value !== undefined) changes[field] = value === null ? null : defined(value as object);
  }
  return changes;
}

/** The original version's address had `province` and `state`; the current one has `province_state`. */
function addressFromLegacy(address: LegacyAddressDto): Address {
  return defined({
    country: address.country,
    street_line1: address.street_line1,
    street_line2: address.street_line2,
    city: address.city,
    province_state: address.province ?? address.state,
    postal_code: address.postal_code,
  });
}

export function profileFromLegacy(dto: CreateLegacyCustomerRequestDto): CustomerProfile {
  const individual: IndividualDetail = defined({
    given_names: dto.given_names,
    middle_name: dto.middle_name,
    surname: dto.surname,
    nationality: dto.nationality,
    date_of_birth: dto.date_of_birth,
  });
  return defined({
    type: 'INDIVIDUAL',
    individual_detail: individual,
    business_detail: null,
    email: dto.email,
    mobile_number: dto.mobile_number,
    phone_number: dto.phone_number,
    hashed_phone_number: dto.hashed_phone_number,
    addresses: (dto.addresses ?? []).map(addressFromLegacy),
    identity_accounts: [],
    kyc_documents: [],
    description: dto.description,
    metadata: dto.metadata,
  });
}

/**
 * The name fields sent flat (the legacy shape, or xendit-node's update in either version): changes inside
 * `individual_detail`.
 */
export function flatNameChanges(
  dto: UpdateLegacyCustomerRequestDto | UpdateCustomerRequestDto,
): LegacyIndividualChanges {
  const individual: LegacyIndividualChanges = {};
  for (const field of ['given_names', 'middle_name', 'surname', 'nationality', 'date_of_birth'] as const) {
    if (dto[field] !== undefined) individual[field] = dto[field];
  }
  return individual;
}

/** A legacy update: the name fields change inside `individual_detail`, the rest as in the current version. */
export function changesFromLegacy(dto: UpdateLegacyCustomerRequestDto): {
  changes: CustomerChanges;
  individual: LegacyIndividualChanges;
} {
  const individual = flatNameChanges(dto);
  const changes: Record<string, unknown> = {};
  for (const field of [
    'email',
    'mobile_number',
    'phone_number',
    'hashed_phone_number',
    'description',
    'metadata',
  ] as const) {
    if (dto[field] !== undefined) changes[field] = dto[field];
  }
  if (dto.addresses !== undefined)
    changes.addresses = dto.addresses === null ? null : dto.addresses.map(addressFromLegacy);
  return { changes: changes, individual };
}
