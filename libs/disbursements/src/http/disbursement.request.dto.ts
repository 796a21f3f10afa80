import { IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { DisbursementRequest } from '../application/create-disbursements/create-disbursements.command';
import { DISBURSEMENT_CURRENCY } from '../domain/disbursement.decider';

const ACCOUNT_NUMBER = /^[0-9-]+$/;
/** "No maximum" in the spec; the body limit bounds it anyway, this keeps one field from taking all of it. */
const LONG_TEXT = 10_000;

/**
 * POST /disbursements. The public client sends `account_holder_name`/`bank_account_name` and
 * `account_number`/`bank_account_number` (gaps.md): either spelling is accepted.
 */
@RequestExample({
  external_id: 'payout-5005',
  bank_code: 'BCA',
  account_holder_name: 'Siti Rahayu',
  account_number: '1234567890',
  description: 'Refund for order 5005',
  amount: 90000,
})
export class CreateDisbursementRequestDto {
  @IsString() @Length(1, 1000) external_id!: string;

  @IsString() @IsNotEmpty() @MaxLength(64) bank_code!: string;

  @ValidateIf(
    (dto: CreateDisbursementRequestDto) => dto.bank_account_name === undefined || dto.account_holder_name !== undefined,
  )
  @IsString()
  @MinLength(1)
  @MaxLength(LONG_TEXT)
  account_holder_name?: string;

  @IsOptional() @IsString() @MinLength(1) @MaxLength(LONG_TEXT) bank_account_name?: string;

  @ValidateIf(
    (dto: CreateDisbursementRequestDto) => dto.bank_account_number === undefined || dto.account_number !== undefined,
  )
  @IsString()
  @MaxLength(LONG_TEXT)
  @Matches(ACCOUNT_NUMBER, { message: 'account_number must be digits and hyphens' })
  account_number?: string;

  @IsOptional()
  @IsString()
  @MaxLength(LONG_TEXT)
  @Matches(ACCOUNT_NUMBER, { message: 'bank_account_number must be digits and hyphens' })
  bank_account_number?: string;

  /** Optional here: the business's default description applies when absent. */
  @IsOptional() @IsString() @MinLength(1) @MaxLength(LONG_TEXT) description?: string;

  @IsMoneyAmount() @Min(1) amount!: number;

  /**
   * Disbursements are paid in IDR. The public client's request carries no currency, so absent is
   * IDR; any other value is refused (issue 19, item 19), never dropped: silently paying rupiah
   * for a request that named another currency would pay the wrong amount.
   */
  @IsOptional()
  @IsString()
  @IsIn([DISBURSEMENT_CURRENCY], {
    message: `currency must be ${DISBURSEMENT_CURRENCY}: disbursements are paid in ${DISBURSEMENT_CURRENCY}`,
  })
  currency?: string;
}

export function toDisbursementRequest(dto: CreateDisbursementRequestDto): DisbursementRequest {
  return {
    externalId: dto.external_id,
    amount: dto.amount,
    bankCode: dto.bank_code,
    accountHolderName: (dto.account_holder_name ?? dto.bank_account_name)!,
    accountNumber: (dto.account_number ?? dto.bank_account_number)!,
    description: dto.description,
  };
}

/** POST /batch_disbursements: `{reference, disbursements: [...]}` with the same item fields. */
@RequestExample({
  reference: 'payroll-2024-05',
  disbursements: [
    {
      external_id: 'payroll-2024-05-1',
      bank_code: 'BCA',
      account_holder_name: 'Siti Rahayu',
      account_number: '1234567890',
      description: 'May salary',
      amount: 5000000,
    },
    {
      external_id: 'payroll-2024-05-2',
      bank_code: 'MANDIRI',
      account_holder_name: 'Agus Wijaya',
      account_number: '9876543210123',
      description: 'May salary',
      amount: 4500000,
    },
  ],
})
export class CreateBatchDisbursementRequestDto {
  @IsString() @Length(1, 1000) reference!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CreateDisbursementRequestDto)
  disbursements!: CreateDisbursementRequestDto[];
}

@RequestExample({ external_id: 'payout-5005' })
export class ListDisbursementsRequestDto {
  @IsString() @Length(1, 1000) external_id!: string;
}
