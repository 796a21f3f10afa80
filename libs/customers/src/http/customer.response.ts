import type { Address, CustomerProfile, IndividualDetail } from '../domain/customer-profile';
import type { CustomerView } from '../read-models/customer-view';
import { namedSchema, ref, schema } from '@gateway/http-edge';

const text = () => schema.nullable(schema.string());
/** How an address starts in both versions; they differ from the province on. */
const addressLines = () => ({ country: schema.string(), street_line1: text(), street_line2: text(), city: text() });

/** The 2020-10-31 customer. */
export const CUSTOMER_SCHEMA = namedSchema(
  'Customer',
  schema.object({
    id: schema.string(),
    reference_id: schema.string(),
    type: schema.oneOfStrings(['INDIVIDUAL', 'BUSINESS']),
    individual_detail: schema.nullable(
      schema.object({
        given_names: schema.string(),
        surname: text(),
        nationality: text(),
        place_of_birth: text(),
        date_of_birth: text(),
        gender: text(),
        employment: schema.nullable(schema.anyObject('employer_name, nature_of_business, role_description')),
      }),
    ),
    business_detail: schema.nullable(
      schema.anyObject(
        'business_name, business_type, trading_name, nature_of_business, business_domicile, date_of_registration',
      ),
    ),
    email: text(),
    mobile_number: text(),
    phone_number: text(),
    hashed_phone_number: text(),
    addresses: schema.arrayOf(
      schema.object({
        ...addressLines(),
        province_state: text(),
        postal_code: text(),
        category: text(),
        is_primary: schema.boolean(),
      }),
    ),
    identity_accounts: schema.arrayOf(schema.anyObject('type, company, description, country, properties')),
    kyc_documents: schema.arrayOf(
      schema.anyObject(
        'country, type, sub_type, document_name, document_number, holder_name, expires_at, document_images',
      ),
    ),
    description: text(),
    date_of_registration: text(),
    domicile_of_registration: text(),
    metadata: schema.nullable(schema.anyObject()),
    created: schema.dateTime(),
    updated: schema.dateTime(),
  }),
);

/** The flat 2020-05-19 customer. */
export const LEGACY_CUSTOMER_SCHEMA = namedSchema(
  'CustomerLegacy',
  schema.object({
    id: schema.string(),
    reference_id: schema.string(),
    given_names: text(),
    middle_name: text(),
    surname: text(),
    email: text(),
    mobile_number: text(),
    phone_number: text(),
    hashed_phone_number: text(),
    nationality: text(),
    date_of_birth: text(),
    addresses: schema.arrayOf(
      schema.object({
        ...addressLines(),
        province: text(),
        state: schema.nullable(schema.string('Always null (the original version had no state)')),
        postal_code: text(),
      }),
    ),
    description: text(),
    metadata: schema.nullable(schema.anyObject()),
  }),
);

/** GET /customers?reference_id= in 2020-10-31. */
export const CUSTOMER_PAGE_SCHEMA = namedSchema('CustomerPage', schema.pageOf(ref(CUSTOMER_SCHEMA)));

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
