/**
 * Banks that issue fixed virtual accounts (gaps.md: the core five, later four more), with what
 * each supports. The spec lists SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR and
 * CLOSED_VA_NOT_SUPPORTED_ERROR without naming banks; the public service documents suggested
 * amounts for BRI and MANDIRI only, and we keep closed accounts off for SAHABAT_SAMPOERNA
 * (docs/decisions.md, "Virtual accounts").
 */
export interface VaBank {
  code: string;
  name: string;
  supportsSuggestedAmount: boolean;
  supportsClosed: boolean;
  /** Merchant code (prefix) used when the business has no `virtual_account_ranges` entry for the bank. */
  defaultMerchantCode: string;
}

export const VA_BANKS: readonly VaBank[] = [
  {
    code: 'BCA',
    name: 'Bank Central Asia',
    supportsSuggestedAmount: false,
    supportsClosed: true,
    defaultMerchantCode: '10766',
  },
  {
    code: 'BNI',
    name: 'Bank Negara Indonesia',
    supportsSuggestedAmount: false,
    supportsClosed: true,
    defaultMerchantCode: '88089',
  },
  {
    code: 'BRI',
    name: 'Bank Rakyat Indonesia',
    supportsSuggestedAmount: true,
    supportsClosed: true,
    defaultMerchantCode: '26215',
  },
  {
    code: 'MANDIRI',
    name: 'Bank Mandiri',
    supportsSuggestedAmount: true,
    supportsClosed: true,
    defaultMerchantCode: '88908',
  },
  {
    code: 'PERMATA',
    name: 'Bank Permata',
    supportsSuggestedAmount: false,
    supportsClosed: true,
    defaultMerchantCode: '82148',
  },
  {
    code: 'BSI',
    name: 'Bank Syariah Indonesia',
    supportsSuggestedAmount: false,
    supportsClosed: true,
    defaultMerchantCode: '64561',
  },
  { code: 'BJB', name: 'Bank BJB', supportsSuggestedAmount: false, supportsClosed: true, defaultMerchantCode: '12340' },
  {
    code: 'CIMB',
    name: 'Bank CIMB Niaga',
    supportsSuggestedAmount: false,
    supportsClosed: true,
    defaultMerchantCode: '93490',
  },
  {
    code: 'SAHABAT_SAMPOERNA',
    name: 'Bank Sahabat Sampoerna',
    supportsSuggestedAmount: false,
    supportsClosed: false,
    defaultMerchantCode: '45670',
  },
];

/**
 * The banks a business may use: every supported bank, narrowed by its
 * `enabled_payment_channels` setting when it has one.
 */
export function enabledBanks(enabledChannels: readonly string[] | undefined): VaBank[] {
  if (!enabledChannels) return [...VA_BANKS];
  return VA_BANKS.filter((bank) => enabledChannels.includes(bank.code));
}
