import type { BusinessSettings } from '../domain/business-settings';

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
    fee_schedule: Object.fromEntries(
      Object.entries(settings.feeSchedule ?? {}).map(([channel, rule]) => [channel, { flat: rule.flat ?? 0, basis_points: rule.basisPoints ?? 0 }]),
    ),
  };
}
