import { instrumentChangesOf } from '@gateway/fixed-instruments';
import { IsIsoDate, IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import { IsBoolean, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

const EXAMPLE_TERMS = { is_single_use: true, expiration_date: '2030-12-31T23:59:59.000Z' };

/** Shapes only: outlet support, ranges and amount bounds are the decider's (with the spec's codes). */
@RequestExample({
  external_id: 'order-2002',
  retail_outlet_name: 'ALFAMART',
  name: 'Budi Santoso',
  expected_amount: 75000,
  ...EXAMPLE_TERMS,
})
export class CreatePaymentCodeRequestDto {
  @IsString() @Length(1, 1000) external_id!: string;
  @IsString() @Length(1, 64) retail_outlet_name!: string;
  @IsString() @Length(1, 255) @Matches(/\S/, { message: 'name must not be blank' }) name!: string;
  @IsOptional() @IsMoneyAmount() expected_amount?: number;
  @IsOptional() @IsString() @Length(1, 64) payment_code?: string;
  @IsOptional() @IsIsoDate() expiration_date?: string;
  @IsOptional() @IsBoolean() is_single_use?: boolean;
}

@RequestExample({ name: 'Budi S.', expected_amount: 80000, expiration_date: '2031-01-31T23:59:59.000Z' })
export class UpdatePaymentCodeRequestDto {
  @IsOptional() @IsString() @Length(1, 255) @Matches(/\S/, { message: 'name must not be blank' }) name?: string;
  @IsOptional() @IsMoneyAmount() expected_amount?: number;
  @IsOptional() @IsIsoDate() expiration_date?: string;
}

/** The changes a validated update request asks for: the code's name, then what every kind changes. */
export function paymentCodeChangesOf(body: UpdatePaymentCodeRequestDto) {
  return {
    ...(body.name !== undefined && body.name !== null && { name: body.name }),
    ...instrumentChangesOf(body),
  };
}

@RequestExample({ retail_outlet_name: 'ALFAMART', payment_code: 'TEST123456', transfer_amount: 75000 })
export class SimulateRetailPaymentRequestDto {
  @IsString() @Length(1, 64) retail_outlet_name!: string;
  @IsString() @Length(1, 64) payment_code!: string;
  @IsMoneyAmount() @Min(1) @Max(1_000_000_000) transfer_amount!: number;
}
