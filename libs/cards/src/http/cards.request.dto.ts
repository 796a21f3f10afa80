import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmptyObject,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsStringOrDigits } from './card-amount';

/**
 * The spec types token, capture and refund amounts as strings and charge amounts as numbers; the
 * public client passes whatever its caller gave. Both are accepted: a whole number of IDR of at
 * least 1, or a string of digits meaning one (the wire rule, `@IsMoneyAmount`).
 */
const CardAmount = () => applyDecorators(IsMoneyAmount({ acceptDigitStrings: true }), Min(1));

/**
 * Card fields are validated for SHAPE here (strings of a sane length); what makes a card number,
 * expiry or CVN valid is the domain's (ACCOUNT_NUMBER_INVALID_ERROR, VALIDATION_ERROR). No message
 * echoes a value.
 */
export class CardDataDto {
  @IsStringOrDigits('card_data.account_number', 64) account_number!: string;
  @IsStringOrDigits('card_data.exp_month', 4) exp_month!: string;
  @IsStringOrDigits('card_data.exp_year', 4) exp_year!: string;
  @IsOptional() @IsStringOrDigits('card_data.cvn', 8) cvn?: string;
}

/** POST /v2/credit_card_tokens (gaps.md), sent by cards.js with the PUBLIC key. */
@RequestExample({
  is_single_use: true,
  card_data: { account_number: '4000000000001091', exp_month: '12', exp_year: '2030', cvn: '123' },
  should_authenticate: true,
  amount: 50000,
})
export class TokenizeCardRequestDto {
  @IsOptional() @IsBoolean() is_single_use?: boolean;
  @IsOptional() @IsBoolean() is_multiple_use?: boolean;
  @IsDefined() @IsObject() @IsNotEmptyObject() @ValidateNested() @Type(() => CardDataDto) card_data!: CardDataDto;
  @IsOptional() @IsBoolean() should_authenticate?: boolean;
  @IsOptional() @CardAmount() amount?: number;
  @IsOptional() @IsStringOrDigits('card_cvn', 8) card_cvn?: string;
}

/** POST /credit_card_tokens/{token_id}/authentications. */
@RequestExample({ amount: 50000 })
export class CreateAuthenticationRequestDto {
  @CardAmount() amount!: number;
}

/** POST /credit_card_charges. Extra fields the public client sends (descriptor, metadata, ...) are dropped. */
@RequestExample({
  token_id: '5f0a8c3e1b2d4e6f7a8b9c0d',
  external_id: 'charge-4004',
  amount: 50000,
  authentication_id: '5f0a8c3e1b2d4e6f7a8b9c0e',
  card_cvn: '123',
  capture: true,
})
export class CreateChargeRequestDto {
  @IsString() @Length(1, 255) token_id!: string;
  @IsString() @Length(1, 64) external_id!: string;
  @CardAmount() amount!: number;
  @IsOptional() @IsString() @Length(1, 255) authentication_id?: string;
  @IsOptional() @IsStringOrDigits('card_cvn', 8) card_cvn?: string;
  @IsOptional() @IsBoolean() capture?: boolean;
  @IsOptional() @IsBoolean() is_recurring?: boolean;
}

/** POST /credit_card_charges/{id}/capture. */
@RequestExample({ amount: 50000 })
export class CaptureChargeRequestDto {
  @CardAmount() amount!: number;
}

/** POST /credit_card_charges/{id}/auth_reversal (gaps.md). */
@RequestExample({ external_id: 'reversal-4004' })
export class ReverseAuthorizationRequestDto {
  @IsString() @Length(1, 64) external_id!: string;
}

/** POST /credit_card_charges/{id}/refunds. */
@RequestExample({ amount: 20000, external_id: 'refund-4004' })
export class CreateRefundRequestDto {
  @CardAmount() amount!: number;
  @IsString() @Length(1, 64) external_id!: string;
}

const CHALLENGE_ACTIONS = ['complete', 'fail'] as const;

/**
 * Not card data: the 3DS page's form. `action` is one of the page's two buttons, exactly: anything
 * else (no action, an empty body) answers nothing about the authentication.
 */
export class ChallengeAnswerDto {
  @IsIn(CHALLENGE_ACTIONS) action!: (typeof CHALLENGE_ACTIONS)[number];
  @IsOptional() @IsString() @MaxLength(64) code?: string;
}
