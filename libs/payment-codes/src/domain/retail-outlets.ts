/** Retail chains that accept fixed payment codes (gaps.md: ALFAMART, INDOMARET). */
export interface RetailOutlet {
  code: string;
  name: string;
}

export const RETAIL_OUTLETS: readonly RetailOutlet[] = [
  { code: 'ALFAMART', name: 'Alfamart' },
  { code: 'INDOMARET', name: 'Indomaret' },
];

/** Every chain, narrowed by the business's `enabled_payment_channels` when it has that setting. */
export function enabledOutlets(enabledChannels: readonly string[] | undefined): RetailOutlet[] {
  if (!enabledChannels) return [...RETAIL_OUTLETS];
  return RETAIL_OUTLETS.filter((outlet) => enabledChannels.includes(outlet.code));
}
