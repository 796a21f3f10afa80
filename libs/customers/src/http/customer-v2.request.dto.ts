import { RequestExample } from '@gateway/http-edge';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  ADDRESS_CATEGORIES,
  BUSINESS_TYPES,
  CUSTOMER_TYPES,
  type CustomerType,
  GENDERS,
  IDENTITY_ACCOUNT_TYPES,
  type IdentityAccountType,
  KYC_DOCUMENT_TYPES,
  KYC_IDENTITY_CARD_SUB_TYPES,
} from '../domain/customer-profile';
import {
  CalendarDate,
  CountryCode,
  LIMITS,
  NestedList,
  OptionalOrNull,
  PhoneNumber,
  CustomerMetadata,
  PlainObject,
  Text,
} from './customer-fields';

/*
 * The 2020-10-31 shape (spec "Customer"). Shapes and lengths are checked here; rules across fields
 * (detail matches type, identity account properties per type, file ids, metadata limits, free text
 * on update) are the domain's (customer-rules.ts).
 */

export class EmploymentDto {
  @IsOptional() @Text() employer_name?: string;
  @IsOptional() @Text() nature_of_business?: string;
  @IsOptional() @Text() role_description?: string;
}

export class IndividualDetailDto {
  @Text() given_names!: string;
  @IsOptional() @Text() surname?: string;
  @IsOptional() @CountryCode() nationality?: string;
  @IsOptional() @Text() place_of_birth?: string;
  @IsOptional() @CalendarDate() date_of_birth?: string;
  @IsOptional() @IsIn(GENDERS) gender?: (typeof GENDERS)[number];
  @IsOptional() @ValidateNested() @Type(() => EmploymentDto) employment?: EmploymentDto;
}

export class BusinessDetailDto {
  @Text() business_name!: string;
  @IsIn(BUSINESS_TYPES) business_type!: (typeof BUSINESS_TYPES)[number];
  @IsOptional() @Text() trading_name?: string;
  @IsOptional() @Text() nature_of_business?: string;
  @IsOptional() @CountryCode() business_domicile?: string;
  @IsOptional() @CalendarDate() date_of_registration?: string;
}

export class AddressDto {
  @CountryCode() country!: string;
  @IsOptional() @Text() street_line1?: string;
  @IsOptional() @Text() street_line2?: string;
  @IsOptional() @Text() city?: string;
  @IsOptional() @Text() province_state?: string;
  @IsOptional() @Text() postal_code?: string;
  @IsOptional() @IsIn(ADDRESS_CATEGORIES) category?: (typeof ADDRESS_CATEGORIES)[number];
  @IsOptional() @IsBoolean() is_primary?: boolean;
}

export class IdentityAccountDto {
  @IsIn(IDENTITY_ACCOUNT_TYPES) type!: IdentityAccountType;
  @IsOptional() @Text(LIMITS.company) company?: string;
  @IsOptional() @Text() description?: string;
  @IsOptional() @CountryCode() country?: string;
  @IsOptional() @PlainObject() properties?: Record<string, unknown>;
}

export class KycDocumentDto {
  @CountryCode() country!: string;
  @IsIn(KYC_DOCUMENT_TYPES) type!: (typeof KYC_DOCUMENT_TYPES)[number];
  @IsOptional() @IsIn(KYC_IDENTITY_CARD_SUB_TYPES) sub_type?: (typeof KYC_IDENTITY_CARD_SUB_TYPES)[number];
  @IsOptional() @Text() document_name?: string;
  @IsOptional() @Text() document_number?: string;
  @IsOptional() @Text() holder_name?: string;
  @IsOptional() @CalendarDate() expires_at?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.documentImages)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  document_images?: string[];
}

@RequestExample({
  reference_id: 'customer-78',
  type: 'INDIVIDUAL',
  individual_detail: {
    given_names: 'Siti',
    surname: 'Rahayu',
    nationality: 'ID',
    date_of_birth: '1992-08-17',
    gender: 'FEMALE',
    employment: { employer_name: 'PT Contoh' },
  },
  email: 'siti@example.com',
  mobile_number: '+6281298765432',
  addresses: [{ country: 'ID', street_line1: 'Jl. Thamrin 2', city: 'Jakarta', category: 'HOME', is_primary: true }],
  identity_accounts: [
    {
      type: 'BANK_ACCOUNT',
      company: 'BCA',
      country: 'ID',
      properties: { account_number: '1234567890', account_holder_name: 'Siti Rahayu' },
    },
  ],
  kyc_documents: [
    { country: 'ID', type: 'IDENTITY_CARD', sub_type: 'NATIONAL_ID', document_number: '3171234567890001' },
  ],
  metadata: { segment: 'gold' },
})
export class CreateCustomerRequestDto {
  @Text(LIMITS.referenceId) reference_id!: string;
  @IsIn(CUSTOMER_TYPES) type!: CustomerType;
  @OptionalOrNull() @ValidateNested() @Type(() => IndividualDetailDto) individual_detail?: IndividualDetailDto | null;
  @OptionalOrNull() @ValidateNested() @Type(() => BusinessDetailDto) business_detail?: BusinessDetailDto | null;
  @IsOptional() @IsEmail() @MaxLength(LIMITS.email) email?: string;
  @IsOptional() @PhoneNumber() mobile_number?: string;
  @IsOptional() @PhoneNumber() phone_number?: string;
  @IsOptional() @Text() hashed_phone_number?: string;
  @IsOptional() @NestedList(() => AddressDto) addresses?: AddressDto[];
  @NestedList(() => IdentityAccountDto) identity_accounts!: IdentityAccountDto[];
  @IsOptional() @NestedList(() => KycDocumentDto) kyc_documents?: KycDocumentDto[];
  @IsOptional() @Text(LIMITS.description) description?: string;
  @IsOptional() @CalendarDate() date_of_registration?: string;
  @IsOptional() @CountryCode() domicile_of_registration?: string;
  @IsOptional() @CustomerMetadata() metadata?: Record<string, unknown>;
}

/** PATCH: every field optional; a present field replaces the whole value; `null` removes it. */
@RequestExample({ email: 'siti.rahayu@example.com', phone_number: null, description: 'Moved to Bandung' })
export class UpdateCustomerRequestDto {
  /** Accepted only unchanged (some clients send it back). */
  @IsOptional() @IsString() reference_id?: string;
  @IsOptional() @IsIn(CUSTOMER_TYPES) type?: CustomerType;
  @OptionalOrNull() @ValidateNested() @Type(() => IndividualDetailDto) individual_detail?: IndividualDetailDto | null;
  @OptionalOrNull() @ValidateNested() @Type(() => BusinessDetailDto) business_detail?: BusinessDetailDto | null;
  @OptionalOrNull() @IsEmail() @MaxLength(LIMITS.email) email?: string | null;
  @OptionalOrNull() @PhoneNumber() mobile_number?: string | null;
  @OptionalOrNull() @PhoneNumber() phone_number?: string | null;
  @OptionalOrNull() @Text() hashed_phone_number?: string | null;
  @OptionalOrNull() @NestedList(() => AddressDto) addresses?: AddressDto[] | null;
  @OptionalOrNull() @NestedList(() => IdentityAccountDto) identity_accounts?: IdentityAccountDto[] | null;
  @OptionalOrNull() @NestedList(() => KycDocumentDto) kyc_documents?: KycDocumentDto[] | null;
  @OptionalOrNull() @Text(LIMITS.description) description?: string | null;
  @OptionalOrNull() @CalendarDate() date_of_registration?: string | null;
  @OptionalOrNull() @CountryCode() domicile_of_registration?: string | null;
  @OptionalOrNull() @CustomerMetadata() metadata?: Record<string, unknown> | null;
  /*
   * The name fields flat, as xendit-node 1.22.0's `updateCustomer` sends them whatever `apiVersion`
   * it is given: each changes that field inside `individual_detail` (issue 19, item 22).
   */
  @OptionalOrNull() @Text() given_names?: string | null;
  @OptionalOrNull() @Text() middle_name?: string | null;
  @OptionalOrNull() @Text() surname?: string | null;
  @OptionalOrNull() @CountryCode() nationality?: string | null;
  @OptionalOrNull() @CalendarDate() date_of_birth?: string | null;
}
