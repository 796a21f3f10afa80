import { ApiField, IsMoneyAmount, RequestExample } from '@gateway/http-edge';
import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUrl } from 'class-validator';
import { ArrayMaxSize, Length, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import type { SettingsChanges } from '../domain/business-settings';

/** `null` removes the setting: the other rules apply to non-null values. */
const nullable = (property: string) =>
  applyDecorators(
    ValidateIf((dto: Record<string, unknown>) => dto[property] !== null),
    ApiField({ nullable: true }),
  );

/** A callback URL: http(s), the scheme written out; a host without a top-level domain (localhost) is allowed. */
const CALLBACK_URL = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };

export class CallbackUrlsDto {
  @IsOptional() @IsUrl(CALLBACK_URL) invoice?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) fva_status?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) fva_paid?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) ro_fpc_paid?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) ewallet?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) credit_card_refund?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) disbursement?: string;
  @IsOptional() @IsUrl(CALLBACK_URL) report?: string;
}

export class VirtualAccountRangeDto {
  @Matches(/^\d{4,6}$/, { message: 'merchant_code must be 4 to 6 digits' }) merchant_code!: string;
  @Matches(/^\d{1,15}$/, { message: 'range_start must be digits' }) range_start!: string;
  @Matches(/^\d{1,15}$/, { message: 'range_end must be digits' }) range_end!: string;
}

export class FeeRuleDto {
  /** Minor units. */
  @IsOptional() @IsMoneyAmount({ minorUnits: true }) @Min(0) @Max(1_000_000_000) flat?: number;
  @IsOptional() @IsInt() @Min(0) @Max(10_000) basis_points?: number;
}

/**
 * `fee_schedule` is a map of channel to rule. class-validator validates the values of a Map (not
 * those of a plain object), naming each failure `fee_schedule.<CHANNEL>.flat`: the object becomes a
 * Map of FeeRuleDto here, so a fractional flat fee is refused by the money wire rule like any amount.
 */
function toFeeRules({ value }: { value: unknown }): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Map) return value;
  return new Map(
    Object.entries(value).map(([channel, rule]) => [
      channel,
      rule !== null && typeof rule === 'object' ? plainToInstance(FeeRuleDto, rule) : rule,
    ]),
  );
}

@RequestExample({
  callback_urls: {
    invoice: 'https://shop.example.com/callbacks/invoice',
    disbursement: 'https://shop.example.com/callbacks/disbursement',
  },
  api_versions: { customers: '2020-10-31' },
  default_disbursement_description: 'Payout from Example Shop',
  virtual_account_ranges: { BCA: { merchant_code: '10766', range_start: '100000', range_end: '999999' } },
  retail_payment_code_prefix: 'SHOP',
  fee_schedule: { OVO: { flat: 0, basis_points: 150 }, default: { flat: 4000 } },
})
/**
 * PATCH /settings: every field optional; a present field replaces the setting, `null` removes it.
 * Snake case on the wire, like the rest of the API.
 */
export class UpdateSettingsRequestDto {
  @IsOptional()
  @nullable('callback_urls')
  @ValidateNested()
  @Type(() => CallbackUrlsDto)
  callback_urls?: CallbackUrlsDto | null;

  @IsOptional()
  @nullable('api_versions')
  @IsObject()
  @ApiField({
    nullable: true,
    description:
      'The default API version per versioned resource in this mode (`{"customers": "2020-10-31"}`); ' +
      'other resources keep theirs, `null` for one resets it, `null` for the whole map resets all',
    schema: { type: 'object', additionalProperties: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
  })
  api_versions?: Record<string, string> | null;

  @IsOptional() @nullable('optional_authentication') @IsBoolean() optional_authentication?: boolean | null;

  @IsOptional() @nullable('fraud_detection') @IsBoolean() fraud_detection?: boolean | null;

  @IsOptional()
  @nullable('default_disbursement_description')
  @IsString()
  @Length(1, 255)
  default_disbursement_description?: string | null;

  @IsOptional()
  @nullable('virtual_account_ranges')
  @IsObject()
  @ApiField({
    nullable: true,
    description: 'Per bank code: the merchant code and the range fixed virtual account numbers are drawn from',
    schema: { type: 'object', additionalProperties: { $ref: '#/components/schemas/VirtualAccountRangeDto' } },
  })
  virtual_account_ranges?: Record<string, VirtualAccountRangeDto> | null;

  @IsOptional()
  @nullable('retail_payment_code_prefix')
  @Matches(/^[A-Z0-9]{3,6}$/, { message: 'retail_payment_code_prefix must be 3 to 6 characters A-Z or 0-9' })
  retail_payment_code_prefix?: string | null;

  @IsOptional()
  @nullable('enabled_payment_channels')
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  enabled_payment_channels?: string[] | null;

  @IsOptional()
  @nullable('fee_schedule')
  @Transform(toFeeRules)
  @IsObject()
  @ValidateNested()
  @ApiField({
    nullable: true,
    description: 'Per channel code (or `default`): the fee rule of payments through it',
    schema: { type: 'object', additionalProperties: { $ref: '#/components/schemas/FeeRuleDto' } },
  })
  fee_schedule?: Map<string, FeeRuleDto> | Record<string, FeeRuleDto> | null;

  /** Payer pages (invoice, eWallet checkout, 3DS): the merchant's name, logo and colour there. */
  @IsOptional() @nullable('brand_name') @IsString() @Length(1, 100) brand_name?: string | null;

  @IsOptional()
  @nullable('brand_logo_url')
  @IsString()
  @MaxLength(2048)
  @Matches(/^https?:\/\/[^\s"'<>]+$/, { message: 'brand_logo_url must be an http(s) URL' })
  brand_logo_url?: string | null;

  @IsOptional()
  @nullable('brand_color')
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'brand_color must be a colour such as #1A73E8' })
  brand_color?: string | null;
}

export class RotateCallbackTokenResponse {
  callback_token!: string;
}

@RequestExample({ name: 'Reporting job', kind: 'secret', permissions: ['reports:read', 'reports:write'] })
export class CreateApiKeyRequestDto {
  @IsString() @Length(1, 100) name!: string;

  @IsOptional() @IsIn(['secret', 'public']) kind?: 'secret' | 'public';

  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) permissions?: string[];
}

/** Wire (snake case) to domain (camel case), keeping `null` (remove) distinct from absent. */
export function toSettingsChanges(dto: UpdateSettingsRequestDto): SettingsChanges {
  const changes: SettingsChanges = {};
  const map = <T, R>(value: T | null | undefined, convert: (v: T) => R): R | null | undefined =>
    value === undefined ? undefined : value === null ? null : convert(value);
  changes.callbackUrls = map(dto.callback_urls, (urls) =>
    Object.fromEntries(Object.entries(urls).filter(([, url]) => url !== undefined)),
  );
  changes.apiVersions = map(dto.api_versions, (versions) => ({ ...versions }));
  changes.optionalAuthentication = map(dto.optional_authentication, (v) => v);
  changes.fraudDetection = map(dto.fraud_detection, (v) => v);
  changes.defaultDisbursementDescription = map(dto.default_disbursement_description, (v) => v);
  changes.virtualAccountRanges = map(dto.virtual_account_ranges, (ranges) =>
    Object.fromEntries(
      Object.entries(ranges).map(([bank, range]) => [
        bank,
        { merchantCode: range.merchant_code, rangeStart: range.range_start, rangeEnd: range.range_end },
      ]),
    ),
  );
  changes.retailPaymentCodePrefix = map(dto.retail_payment_code_prefix, (v) => v);
  changes.enabledPaymentChannels = map(dto.enabled_payment_channels, (v) => [...v]);
  changes.brandName = map(dto.brand_name, (v) => v);
  changes.brandLogoUrl = map(dto.brand_logo_url, (v) => v);
  changes.brandColor = map(dto.brand_color, (v) => v.toUpperCase());
  changes.feeSchedule = map(dto.fee_schedule, (schedule) =>
    Object.fromEntries(
      [...(schedule instanceof Map ? schedule : Object.entries(schedule))].map(([channel, rule]) => [
        channel,
        { flat: rule.flat, basisPoints: rule.basis_points },
      ]),
    ),
  );
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}
