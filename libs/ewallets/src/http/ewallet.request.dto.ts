import { IsIsoDate, IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl } from 'class-validator';
import { ArrayMaxSize, ArrayMinSize, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { EwalletPaymentRequest } from '../application/request-payment/request-ewallet-payment.command';
import { AMOUNT_BOUNDS, EWALLET_TYPES, LOCAL_PHONE, OVO_EXTERNAL_ID } from '../domain/ewallet-types';

const URL_RULES = { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_underscores: true };
const MAX_URL = 2048;
const MAX_TEXT = 1000;
const PHONE_MESSAGE = 'phone must be a local number starting with 0 (not +62), digits only';

/** Wallet A (OVO): push to the payer's phone. */
@RequestExample({ external_id: 'ovo-order-3003', amount: 80000, phone: '081234567890', ewallet_type: 'OVO' })
export class OvoPaymentRequestDto {
  @IsString()
  @Length(1, MAX_TEXT)
  @Matches(OVO_EXTERNAL_ID, { message: 'external_id may contain only letters, digits and -' })
  external_id!: string;
  @IsMoneyAmount() @Min(AMOUNT_BOUNDS.OVO.min) @Max(AMOUNT_BOUNDS.OVO.max) amount!: number;
  @IsString() @Matches(LOCAL_PHONE, { message: PHONE_MESSAGE }) phone!: string;
  @IsIn(['OVO']) ewallet_type!: 'OVO';
}

/** Wallet B (DANA): hosted checkout with an expiry. */
@RequestExample({
  external_id: 'dana-order-3004',
  amount: 80000,
  expiration_date: '2030-12-31T23:59:59.000Z',
  callback_url: 'https://shop.example.com/callbacks/dana',
  redirect_url: 'https://shop.example.com/orders/3004',
  ewallet_type: 'DANA',
})
export class DanaPaymentRequestDto {
  @IsString() @Length(1, MAX_TEXT) external_id!: string;
  @IsMoneyAmount() @Min(AMOUNT_BOUNDS.DANA.min) @Max(AMOUNT_BOUNDS.DANA.max) amount!: number;
  @IsOptional() @IsString() @IsIsoDate({ strictSeparator: true }) @MaxLength(64) expiration_date?: string;
  @IsString() @MaxLength(MAX_URL) @IsUrl(URL_RULES) callback_url!: string;
  @IsString() @MaxLength(MAX_URL) @IsUrl(URL_RULES) redirect_url!: string;
  @IsIn(['DANA']) ewallet_type!: 'DANA';
}

export class EwalletItemDto {
  @IsString() @Length(1, 255) id!: string;
  @IsString() @Length(1, 255) name!: string;
  @IsMoneyAmount() @Min(0) @Max(AMOUNT_BOUNDS.LINKAJA.max) price!: number;
  @IsInt() @Min(1) @Max(100_000) quantity!: number;
}

/** Wallet C (LINKAJA): hosted checkout with an item list. */
@RequestExample({
  external_id: 'linkaja-order-3005',
  amount: 80000,
  phone: '081234567890',
  items: [{ id: 'sku-1', name: 'Coffee', price: 40000, quantity: 2 }],
  callback_url: 'https://shop.example.com/callbacks/linkaja',
  redirect_url: 'https://shop.example.com/orders/3005',
  ewallet_type: 'LINKAJA',
})
export class LinkajaPaymentRequestDto {
  @IsString() @Length(1, MAX_TEXT) external_id!: string;
  @IsMoneyAmount() @Min(AMOUNT_BOUNDS.LINKAJA.min) @Max(AMOUNT_BOUNDS.LINKAJA.max) amount!: number;
  @IsString() @Matches(LOCAL_PHONE, { message: PHONE_MESSAGE }) phone!: string;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => EwalletItemDto)
  items!: EwalletItemDto[];
  @IsString() @MaxLength(MAX_URL) @IsUrl(URL_RULES) callback_url!: string;
  @IsString() @MaxLength(MAX_URL) @IsUrl(URL_RULES) redirect_url!: string;
  @IsIn(['LINKAJA']) ewallet_type!: 'LINKAJA';
}

export type EwalletPaymentRequestDto = OvoPaymentRequestDto | DanaPaymentRequestDto | LinkajaPaymentRequestDto;

export function toPaymentRequest(dto: EwalletPaymentRequestDto): EwalletPaymentRequest {
  const common = { ewalletType: dto.ewallet_type, externalId: dto.external_id, amount: dto.amount };
  switch (dto.ewallet_type) {
    case 'OVO':
      return { ...common, phone: dto.phone };
    case 'DANA': {
      const dana = dto;
      return {
        ...common,
        callbackUrl: dana.callback_url,
        redirectUrl: dana.redirect_url,
        expirationDate: dana.expiration_date,
      };
    }
    case 'LINKAJA': {
      const linkaja = dto;
      return {
        ...common,
        phone: linkaja.phone,
        callbackUrl: linkaja.callback_url,
        redirectUrl: linkaja.redirect_url,
        items: linkaja.items.map(({ id, name, price, quantity }) => ({ id, name, price, quantity })),
      };
    }
  }
}

/** GET /ewallets?external_id=&ewallet_type= */
@RequestExample({ external_id: 'ovo-order-3003', ewallet_type: 'OVO' })
export class FindEwalletPaymentRequestDto {
  @IsString() @Length(1, MAX_TEXT) external_id!: string;
  @IsString() @IsNotEmpty() @MaxLength(64) ewallet_type!: string;
}

export const SUPPORTED_TYPES_TEXT = EWALLET_TYPES.join(', ');
