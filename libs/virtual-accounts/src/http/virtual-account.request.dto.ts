import { instrumentChangesOf } from '@gateway/fixed-instruments';
import { IsIsoDate, IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import { IsBoolean, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

/**
 * Shapes only: the spec's own codes (BANK_NOT_SUPPORTED_ERROR, MINIMUM_EXPECTED_AMOUNT_ERROR, ...)
 * come from the decider, so amounts are checked for type here and for bounds there. Unknown
 * fields the public client sends (`description`, `currency`, `country`, ...) are dropped.
 */
@RequestExample({
  external_id: 'customer-77-bca',
  bank_code: 'BCA',
  name: 'Budi Santoso',
  is_closed: true,
  expected_amount: 250000,
  is_single_use: false,
  expiration_date: '2030-12-31T23:59:59.000Z',
})
export class CreateVirtualAccountRequestDto {
  @IsString() @Length(1, 1000) external_id!: string;
  @IsString() @Length(1, 64) bank_code!: string;
  @IsString() @Length(1, 255) @Matches(/\S/, { message: 'name must not be blank' }) name!: string;
  @IsOptional() @IsString() @Length(1, 32) virtual_account_number?: string;
  @IsOptional() @IsMoneyAmount() suggested_amount?: number;
  @IsOptional() @IsBoolean() is_closed?: boolean;
  @IsOptional() @IsMoneyAmount() expected_amount?: number;
  @IsOptional() @IsBoolean() is_single_use?: boolean;
  @IsOptional() @IsIsoDate() expiration_date?: string;
}

@RequestExample({ expected_amount: 300000, expiration_date: '2031-06-30T23:59:59.000Z', is_single_use: true })
export class UpdateVirtualAccountRequestDto {
  @IsOptional() @IsMoneyAmount() suggested_amount?: number;
  @IsOptional() @IsMoneyAmount() expected_amount?: number;
  @IsOptional() @IsIsoDate() expiration_date?: string;
  @IsOptional() @IsBoolean() is_single_use?: boolean;
  @IsOptional() @IsBoolean() is_closed?: boolean;
}

@RequestExample({ bank_code: 'BCA', bank_account_number: '1076612345678', transfer_amount: 250000 })
export class SimulateVirtualAccountPaymentRequestDto {
  @IsString() @Length(1, 64) bank_code!: string;
  @IsString()
  @Matches(/^\d{1,32}$/, { message: 'bank_account_number must be the complete account number, digits only' })
  bank_account_number!: string;
  @IsMoneyAmount() @Min(1) @Max(999_999_999) transfer_amount!: number;
}

/** A VA's own opening fields from a validated create request (the API's and the dashboard's). */
export function virtualAccountTermsOf(body: CreateVirtualAccountRequestDto) {
  return {
    bankCode: body.bank_code,
    virtualAccountNumber: body.virtual_account_number,
    suggestedAmount: body.suggested_amount,
    isClosed: body.is_closed ?? false,
  };
}

/** The changes a validated update request asks for: what every kind changes, amid the VA's own terms. */
export function virtualAccountChangesOf(body: UpdateVirtualAccountRequestDto) {
  return {
    ...(body.suggested_amount !== undefined &&
      body.suggested_amount !== null && { suggestedAmount: body.suggested_amount }),
    ...instrumentChangesOf(body),
    ...(body.is_single_use !== undefined && body.is_single_use !== null && { isSingleUse: body.is_single_use }),
    ...(body.is_closed !== undefined && body.is_closed !== null && { isClosed: body.is_closed }),
  };
}
