/**
 * The money-in channels the gateway offers (spec "Payment channel"; codes from gaps.md). Shared
 * kernel: the settings decider validates `enabled_payment_channels` against it, every money-in
 * context checks its channel against the business's settings, `GET /payment_channels` lists it.
 */
export type ChannelCategory = 'VIRTUAL_ACCOUNT' | 'RETAIL_OUTLET' | 'EWALLET' | 'CREDIT_CARD';

export interface PaymentChannelDefinition {
  code: string;
  name: string;
  category: ChannelCategory;
  currency: string;
}

const channel = (code: string, name: string, category: ChannelCategory): PaymentChannelDefinition => ({
  code,
  name,
  category,
  currency: 'IDR',
});

export const PAYMENT_CHANNELS: readonly PaymentChannelDefinition[] = [
  channel('BCA', 'Bank Central Asia', 'VIRTUAL_ACCOUNT'),
  channel('BNI', 'Bank Negara Indonesia', 'VIRTUAL_ACCOUNT'),
  channel('BRI', 'Bank Rakyat Indonesia', 'VIRTUAL_ACCOUNT'),
  channel('MANDIRI', 'Bank Mandiri', 'VIRTUAL_ACCOUNT'),
  channel('PERMATA', 'Bank Permata', 'VIRTUAL_ACCOUNT'),
  channel('BSI', 'Bank Syariah Indonesia', 'VIRTUAL_ACCOUNT'),
  channel('BJB', 'Bank BJB', 'VIRTUAL_ACCOUNT'),
  channel('CIMB', 'CIMB Niaga', 'VIRTUAL_ACCOUNT'),
  channel('SAHABAT_SAMPOERNA', 'Bank Sahabat Sampoerna', 'VIRTUAL_ACCOUNT'),
  channel('ALFAMART', 'Alfamart', 'RETAIL_OUTLET'),
  channel('INDOMARET', 'Indomaret', 'RETAIL_OUTLET'),
  channel('OVO', 'OVO', 'EWALLET'),
  channel('DANA', 'DANA', 'EWALLET'),
  channel('LINKAJA', 'LinkAja', 'EWALLET'),
  channel('CREDIT_CARD', 'Credit and debit cards', 'CREDIT_CARD'),
];

export function isPaymentChannelCode(code: string): boolean {
  return PAYMENT_CHANNELS.some((definition) => definition.code === code);
}

/**
 * Whether a business may use a channel. `enabled` is the business's `enabledPaymentChannels`
 * setting for the mode: absent means every channel (the default of a new business).
 */
export function isChannelEnabled(enabled: readonly string[] | undefined, code: string): boolean {
  return enabled === undefined || enabled.includes(code);
}
