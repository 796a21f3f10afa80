/**
 * Per-mode settings the spec leaves to "the dashboard". Every field is optional; an update
 * carries only what changes and `null` clears a field. Shapes are validated at the edge (DTOs);
 * the decider checks the rules that need the aggregate.
 */
export const CALLBACK_KINDS = [
  'invoice',
  'fva_status',
  'fva_paid',
  'ro_fpc_paid',
  'ewallet',
  'credit_card_refund',
  'disbursement',
  'report',
] as const;
export type CallbackKind = (typeof CALLBACK_KINDS)[number];

export interface VirtualAccountRange {
  merchantCode: string;
  /** Inclusive bounds of the suffix after the merchant code, as digit strings. */
  rangeStart: string;
  rangeEnd: string;
}

export interface FeeRule {
  /** Flat fee in minor units of the currency. */
  flat?: number;
  /** Percentage in basis points (1 = 0.01 %). */
  basisPoints?: number;
}

export interface BusinessSettings {
  callbackUrls?: Partial<Record<CallbackKind, string>>;
  /** Default dated API version per resource, e.g. `{ customers: '2020-10-31' }`. */
  apiVersions?: Record<string, string>;
  /** Cards may be charged without 3DS when true (spec: optional authentication). */
  optionalAuthentication?: boolean;
  fraudDetection?: boolean;
  defaultDisbursementDescription?: string;
  virtualAccountRanges?: Record<string, VirtualAccountRange>;
  retailPaymentCodePrefix?: string;
  /** Channel codes enabled for this business; absent means the gateway default (all). */
  enabledPaymentChannels?: string[];
  /** Fee per channel code (or `default`), used by the ledger. */
  feeSchedule?: Record<string, FeeRule>;
}

export type SettingsChanges = { [K in keyof BusinessSettings]?: BusinessSettings[K] | null };

/** Applies an update: present fields replace, `null` removes, absent fields stay. */
export function applySettingsChanges(current: BusinessSettings, changes: SettingsChanges): BusinessSettings {
  const next: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next as BusinessSettings;
}
