import type { BusinessSettings } from '../domain/business-settings';
import { namedSchema, schema } from '@gateway/http-edge';

const ENVIRONMENT = schema.oneOfStrings(['TEST', 'LIVE'], "The key's mode");

/** What PATCH /settings answers and GET /settings shows (with the callback token and `updated`). */
const SETTINGS_FIELDS = {
  business_id: schema.string(),
  environment: ENVIRONMENT,
  callback_urls: { type: 'object', additionalProperties: { type: 'string' }, description: 'URL per callback kind' },
  api_versions: {
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Default API version per versioned resource',
  },
  optional_authentication: schema.boolean('Card charges may skip 3DS authentication'),
  fraud_detection: schema.boolean(),
  default_disbursement_description: schema.nullable(schema.string()),
  virtual_account_ranges: {
    type: 'object',
    additionalProperties: schema.object({
      merchant_code: schema.string(),
      range_start: schema.string(),
      range_end: schema.string(),
    }),
    description: 'Per bank code',
  },
  retail_payment_code_prefix: schema.nullable(schema.string()),
  enabled_payment_channels: schema.nullable(schema.arrayOf(schema.string(), 'null: every channel')),
  brand_name: schema.nullable(schema.string('The name payers see on the hosted pages; null: the business name')),
  brand_logo_url: schema.nullable(schema.string('The logo on the hosted pages')),
  brand_color: schema.nullable(schema.string('The accent colour of the hosted pages, #RRGGBB')),
  fee_schedule: {
    type: 'object',
    additionalProperties: schema.object({ flat: schema.integer('Minor units'), basis_points: schema.integer() }),
    description: 'Fee rule per channel code (or `default`)',
  },
};

export const SETTINGS_UPDATED_SCHEMA = namedSchema('SettingsUpdated', schema.object(SETTINGS_FIELDS));

export const SETTINGS_SCHEMA = namedSchema(
  'Settings',
  schema.object({
    ...SETTINGS_FIELDS,
    callback_token: schema.nullable(schema.string('Sent as `x-callback-token` with every callback of this mode')),
    updated: schema.nullable(schema.dateTime()),
  }),
);

/** Domain (camel case) to wire (snake case). */
export function settingsToWire(settings: BusinessSettings): Record<string, unknown> {
  return {
    callback_urls: settings.callbackUrls ?? {},
    api_versions: settings.apiVersions ?? {},
    optional_authentication: settings.optionalAuthentication ?? false,
    fraud_detection: settings.fraudDetection ?? false,
    default_disbursement_description: settings.defaultDisbursementDescription ?? null,
    virtual_account_ranges: Object.fromEntries(
      Object.entries(settings.virtualAccountRanges ?? {}).map(([bank, range]) => [
        bank,
        { merchant_code: range.merchantCode, range_start: range.rangeStart, range_end: range.rangeEnd },
      ]),
    ),
    retail_payment_code_prefix: settings.retailPaymentCodePrefix ?? null,
    enabled_payment_channels: settings.enabledPaymentChannels ?? null,
    brand_name: settings.brandName ?? null,
    brand_logo_url: settings.brandLogoUrl ?? null,
    brand_color: settings.brandColor ?? null,
    fee_schedule: Object.fromEntries(
      Object.entries(settings.feeSchedule ?? {}).map(([channel, rule]) => [
        channel,
        { flat: rule.flat ?? 0, basis_points: rule.basisPoints ?? 0 },
      ]),
    ),
  };
}
