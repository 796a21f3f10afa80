import { isPaymentChannelCode } from '@gateway/domain';

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
  /** The name payers see on the hosted pages (invoice, eWallet checkout, 3DS); the business name when absent. */
  brandName?: string;
  /** The logo on those pages: an https URL (http in test mode), loaded by the payer's browser. */
  brandLogoUrl?: string;
  /** The accent colour of those pages, `#RRGGBB`. */
  brandColor?: string;
}

/** What a SettingsUpdated event records: present fields replace the setting, `null` removes it. */
export type SettingsChanges = { [K in keyof BusinessSettings]?: BusinessSettings[K] | null };

/**
 * What an update asks for. As recorded, except `apiVersions`, which changes per resource: a version
 * sets that resource's default, `null` resets it to the resource's own default, resources not named
 * keep theirs; `apiVersions: null` resets them all. The decider records the resulting whole map.
 */
export type SettingsUpdate = Omit<SettingsChanges, 'apiVersions'> & {
  apiVersions?: Record<string, string | null> | null;
};

/** The versions each versioned resource declares (the API edge's registry), for checking `api_versions`. */
export type ApiVersionCatalog = Readonly<Record<string, readonly string[]>>;

export interface ApiVersionProblem {
  resource: string;
  message: string;
}

/**
 * `api_versions` of an update: each resource must be a versioned resource of the catalog and each
 * value one of its versions, or `null` (issue 19, item 15). Without a catalog only the shapes are
 * checked. Every problem names its resource.
 */
export function apiVersionProblems(
  requested: SettingsUpdate['apiVersions'],
  catalog: ApiVersionCatalog | undefined,
): ApiVersionProblem[] {
  if (!requested) return [];
  const problems: ApiVersionProblem[] = [];
  for (const [resource, version] of Object.entries(requested)) {
    const known = catalog && Object.hasOwn(catalog, resource) ? catalog[resource] : undefined;
    if (!/^[a-z_]{1,64}$/.test(resource) || (catalog && !known)) {
      const versioned = catalog ? ` (versioned resources: ${Object.keys(catalog).sort().join(', ')})` : '';
      problems.push({ resource, message: `api_versions.${resource}: not a versioned resource${versioned}` });
    } else if (version !== null && (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version))) {
      problems.push({
        resource,
        message: `api_versions.${resource} must be a YYYY-MM-DD version, or null for the default`,
      });
    } else if (version !== null && known && !known.includes(version)) {
      problems.push({
        resource,
        message: `api_versions.${resource}: ${version} is not a version of ${resource} (versions: ${known.join(', ')})`,
      });
    }
  }
  return problems;
}

/**
 * The account's versions after an update's `api_versions` (per resource, `null` resets); undefined when it names none.
 */
export function mergedApiVersions(
  current: BusinessSettings['apiVersions'],
  requested: SettingsUpdate['apiVersions'],
): Record<string, string> | null | undefined {
  if (requested === undefined) return undefined;
  if (requested === null) return null;
  const merged: Record<string, string> = { ...(current ?? {}) };
  for (const [resource, version] of Object.entries(requested)) {
    if (version === null) delete merged[resource];
    else merged[resource] = version;
  }
  return Object.keys(merged).length > 0 ? merged : null;
}

/** Applies an update: present fields replace, `null` removes, absent fields stay. */
export function applySettingsChanges(current: BusinessSettings, changes: SettingsChanges): BusinessSettings {
  const next: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next;
}

/** Live-mode callbacks carry real payment data: their URLs must use TLS (spec, Authentication item 6). */
export function liveModeProblems(mode: 'test' | 'live', changes: SettingsUpdate): string[] {
  if (mode !== 'live') return [];
  const problems = Object.entries(changes.callbackUrls ?? {})
    .filter(([, url]) => typeof url === 'string' && !url.startsWith('https://'))
    .map(([kind]) => `callback_urls.${kind} must be an https URL in live mode`);
  // Payers' browsers load the logo: never over plain HTTP on a live page.
  if (typeof changes.brandLogoUrl === 'string' && !changes.brandLogoUrl.startsWith('https://'))
    problems.push('brand_logo_url must be an https URL in live mode');
  return problems;
}

/**
 * Rules the per-field types cannot express (map values, ranges); the same for every entry point
 * (HTTP, CLI). Returns the problems, empty when the changes are valid.
 */
export function settingsProblems(changes: SettingsUpdate): string[] {
  const problems: string[] = [];
  for (const [kind, url] of Object.entries(changes.callbackUrls ?? {})) {
    if (!(CALLBACK_KINDS as readonly string[]).includes(kind))
      problems.push(`callback_urls.${kind} is not a callback kind`);
    if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url) || url.length > 2048)
      problems.push(`callback_urls.${kind} must be an http(s) URL`);
  }
  for (const [bank, range] of Object.entries(changes.virtualAccountRanges ?? {})) {
    if (!/^[A-Z_]{2,32}$/.test(bank)) problems.push(`virtual_account_ranges: ${bank} is not a bank code`);
    const { merchantCode, rangeStart, rangeEnd } = (range ?? {}) as Partial<VirtualAccountRange>;
    if (typeof merchantCode !== 'string' || !/^\d{4,6}$/.test(merchantCode))
      problems.push(`virtual_account_ranges.${bank}.merchant_code must be 4 to 6 digits`);
    const digits = (v: unknown): v is string => typeof v === 'string' && /^\d{1,15}$/.test(v);
    if (!digits(rangeStart) || !digits(rangeEnd))
      problems.push(`virtual_account_ranges.${bank}: range_start and range_end must be 1 to 15 digits`);
    else if (rangeStart.length !== rangeEnd.length || BigInt(rangeStart) > BigInt(rangeEnd)) {
      problems.push(
        `virtual_account_ranges.${bank}: range_start must not exceed range_end, with the same number of digits`,
      );
    }
  }
  for (const code of changes.enabledPaymentChannels ?? []) {
    if (!isPaymentChannelCode(code)) problems.push(`enabled_payment_channels: ${code} is not a payment channel code`);
  }
  if (typeof changes.brandColor === 'string' && !/^#[0-9a-fA-F]{6}$/.test(changes.brandColor))
    problems.push('brand_color must be a colour such as #1A73E8');
  if (
    typeof changes.brandLogoUrl === 'string' &&
    (!/^https?:\/\/[^\s"'<>]+$/.test(changes.brandLogoUrl) || changes.brandLogoUrl.length > 2048)
  ) {
    problems.push('brand_logo_url must be an http(s) URL');
  }
  for (const [channel, rule] of Object.entries(changes.feeSchedule ?? {})) {
    const { flat, basisPoints } = rule ?? {};
    const whole = (v: unknown, max: number) =>
      v === undefined || (Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max);
    if (!whole(flat, 1_000_000_000) || !whole(basisPoints, 10_000)) {
      problems.push(`fee_schedule.${channel}: flat must be 0..1000000000 and basis_points 0..10000, whole numbers`);
    }
  }
  return problems;
}
