import { RequestExample } from '@gateway/http-edge';
import { IsEmail, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { LIMITS } from './customer-fields';
import {
  CalendarDate,
  CountryCode,
  NestedList,
  OptionalOrNull,
  PhoneNumber,
  CustomerMetadata,
  Text,
} from './customer-fields';

/*
 * The flat 2020-05-19 shape (spec gaps), as the public client (xendit-node 1.22.0) sends it:
 * names at the top level, and addresses with `province` and `state`.
 */

export class LegacyAddressDto {
  @CountryCode() country!: string;
  @IsOptional() @Text() street_line1?: string;
  @IsOptional() @Text() street_line2?: string;
  @IsOptional() @Text() city?: string;
  @IsOptional() @Text() province?: string;
  @IsOptional() @Text() state?: string;
  @IsOptional() @Text() postal_code?: string;
}

@RequestExample({
  reference_id: 'customer-77',
  given_names: 'Budi',
  surname: 'Santoso',
  email: 'budi@example.com',
  mobile_number: '+6281234567890',
  nationality: 'ID',
  date_of_birth: '1990-04-01',
  addresses: [{ country: 'ID', street_line1: 'Jl. Sudirman 1', city: 'Jakarta', postal_code: '10220' }],
  description: 'Loyal customer',
  metadata: { segment: 'gold' },
})
export class CreateLegacyCustomerRequestDto {
  @Text(LIMITS.referenceId) reference_id!: string;
  @Text() given_names!: string;
  @IsOptional() @Text() middle_name?: string;
  @IsOptional() @Text() surname?: string;
  /** The original version needs a way to reach the customer: an email or a mobile number. */
  @ValidateIf((dto: CreateLegacyCustomerRequestDto) => dto.email !== undefined || dto.mobile_number === undefined)
  @IsEmail({}, { message: 'email must be an email address (email or mobile_number is required)' })
  @MaxLength(LIMITS.email)
  email?: string;
  @ValidateIf((dto: CreateLegacyCustomerRequestDto) => dto.mobile_number !== undefined || dto.email === undefined)
  @PhoneNumber()
  mobile_number?: string;
  @IsOptional() @PhoneNumber() phone_number?: string;
  @IsOptional() @Text() hashed_phone_number?: string;
  @IsOptional() @CountryCode() nationality?: string;
  @IsOptional() @CalendarDate() date_of_birth?: string;
  @IsOptional() @NestedList(() => LegacyAddressDto) addresses?: LegacyAddressDto[];
  @IsOptional() @Text(LIMITS.description) description?: string;
  @IsOptional() @CustomerMetadata() metadata?: Record<string, unknown>;
}

@RequestExample({ email: 'budi.santoso@example.com', description: null })
export class UpdateLegacyCustomerRequestDto {
  @IsOptional() @IsString() reference_id?: string;
  @OptionalOrNull() @Text() given_names?: string | null;
  @OptionalOrNull() @Text() middle_name?: string | null;
  @OptionalOrNull() @Text() surname?: string | null;
  @OptionalOrNull() @IsEmail() @MaxLength(LIMITS.email) email?: string | null;
  @OptionalOrNull() @PhoneNumber() mobile_number?: string | null;
  @OptionalOrNull() @PhoneNumber() phone_number?: string | null;
  @OptionalOrNull() @Text() hashed_phone_number?: string | null;
  @OptionalOrNull() @CountryCode() nationality?: string | null;
  @OptionalOrNull() @CalendarDate() date_of_birth?: string | null;
  @OptionalOrNull() @NestedList(() => LegacyAddressDto) addresses?: LegacyAddressDto[] | null;
  @OptionalOrNull() @Text(LIMITS.description) description?: string | null;
  @OptionalOrNull() @CustomerMetadata() metadata?: Record<string, unknown> | null;
}
