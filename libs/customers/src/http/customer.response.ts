import type { Address, CustomerProfile, IndividualDetail } from '../domain/customer-profile';
import type { CustomerView } from '../read-models/customer-view';

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function individualToWire(detail: IndividualDetail | null) {
  if (!detail) return null;
  return {
    given_names: detail.given_names,
    surname: orNull(detail.surname),
    nationality: orNull(detail.nationality),
    place_of_birth: orNull(detail.place_of_birth),
    date_of_birth: orNull(detail.date_of_birth),
    gender: orNull(detail.gender),
    employment: detail.employment ?? null,
  };
}

function addressToWire(address: Address) {
  return {
    country: address.country,
    street_line1: orNull(address.street_line1),
    street_line2: orNull(address.street_line2),
    city: orNull(address.city),
    province_state: orNull(address.province_state),
    postal_code: orNull(address.postal_code),
    category: orNull(address.category),
    is_primary: address.is_primary ?? false,
  };
}

/** The 2020-10-31 customer object (spec "Customer"). */
export function customerToWire(customer: CustomerView): Record<string, unknown> {
  const profile: CustomerProfile = customer.profile;
  return {
    id: customer.customerId,
    reference_id: customer.referenceId,
    type: profile.type,
    individual_detail: individualToWire(profile.individual_detail),
    business_detail: profile.business_detail ?? null,
    email: orNull(profile.email),
    mobile_number: orNull(profile.mobile_number),
    phone_number: orNull(profile.phone_number),
    hashed_phone_number: orNull(profile.hashed_phone_number),
    addresses: profile.addresses.map(addressToWire),
    identity_accounts: profile.identity_accounts,
    kyc_documents: profile.kyc_documents,
    description: orNull(profile.description),
    date_of_registration: orNull(profile.date_of_registration),
    domicile_of_registration: orNull(profile.domicile_of_registration),
    metadata: orNull(profile.metadata),
    created: customer.createdAt,
    updated: customer.updatedAt,
  };
}

/**
 * The flat 2020-05-19 customer object (spec gaps). A BUSINESS customer, which that version cannot
 * express, shows its business name as `given_names`; `province_state` shows as `province`.
 */
export function customerToLegacyWire(customer: CustomerView): Record<string, unknown> {
  const profile = customer.profile;
  const individual = profile.individual_detail;
  return {
    id: customer.customerId,
    reference_id: customer.referenceId,
    given_names: individual?.given_names ?? profile.business_detail?.business_name ?? null,
    middle_name: orNull(individual?.middle_name),
    surname: orNull(individual?.surname),
    email: orNull(profile.email),
    mobile_number: orNull(profile.mobile_number),
    phone_number: orNull(profile.phone_number),
    hashed_phone_number: orNull(profile.hashed_phone_number),
    nationality: orNull(individual?.nationality),
    date_of_birth: orNull(individual?.date_of_birth),
    addresses: profile.addresses.map((address) => ({
      country: address.country,
      street_line1: orNull(address.street_line1),
      street_line2: orNull(address.street_line2),
      city: orNull(address.city),
      province: orNull(address.province_state),
      state: null,
      postal_code: orNull(address.postal_code),
    })),
    description: orNull(profile.description),
    metadata: orNull(profile.metadata),
  };
}
