import { IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import { IsIn, IsOptional, IsString, Matches, Min } from 'class-validator';
import { MERCHANT_ACCOUNTS, type MerchantAccount } from '../domain/ledger-accounts';

@RequestExample({ account_type: 'CASH', currency: 'IDR' })
export class GetBalanceRequestDto {
  @IsOptional() @IsIn(MERCHANT_ACCOUNTS) account_type?: MerchantAccount;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as IDR' })
  currency?: string;
}

/** POST /balance/top_up (test mode only). */
@RequestExample({ amount: 1000000, currency: 'IDR', settlement: 'immediate' })
export class TopUpRequestDto {
  /** Minor units of `currency` (docs/ledger.md): whole for every currency. */
  @IsMoneyAmount({ minorUnits: true }) @Min(1) amount!: number;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as IDR' })
  currency?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Z0-9_]{1,64}$/, { message: 'channel must be a channel code (A-Z, 0-9, _)' })
  channel?: string;

  @IsOptional() @IsIn(['immediate', 'scheduled']) settlement?: 'immediate' | 'scheduled';
}
