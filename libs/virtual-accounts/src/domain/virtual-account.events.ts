import { declareEventSchemas } from '@gateway/domain';
import { instrumentEventNames, instrumentEventTypes, instrumentEventVersions } from '@gateway/fixed-instruments/domain';
import type { InstrumentEventOf, InstrumentLifecycle, InstrumentOrigin } from '@gateway/fixed-instruments/domain';
import type { PaymentFields } from '@gateway/fixed-instruments/domain';

export type Mode = 'test' | 'live';

/**
 * PENDING: the number is reserved but the bank has not confirmed it (live mode, where no bank
 * connector ships, stays there); ACTIVE: payable; INACTIVE: expired, or a single-use account
 * that was paid. Terminal.
 */
export type VirtualAccountStatus = 'PENDING' | 'ACTIVE' | 'INACTIVE';

/** Who opened the account: a merchant (a fixed VA) or an invoice (a pool VA with the invoice's transfer amount). */
export type VirtualAccountOrigin = InstrumentOrigin;

/**
 * The whole account after a change: its own fields and terms, then the kernel's lifecycle (the
 * stored order). Every event carries it, so the read model and callbacks need no fold.
 */
export interface VirtualAccountSnapshot extends InstrumentLifecycle<VirtualAccountStatus> {
  vaId: string;
  businessId: string;
  mode: Mode;
  externalId: string;
  bankCode: string;
  merchantCode: string;
  /** The number without the merchant code. */
  suffix: string;
  /** Merchant code + suffix: what the payer enters. */
  accountNumber: string;
  name: string;
  currency: 'IDR';
  suggestedAmount?: number;
  isClosed: boolean;
  expectedAmount?: number;
  isSingleUse: boolean;
}

/** A payment into the account; its `id` is the callback payment's (the read resource's `id`). */
export interface VirtualAccountPayment extends PaymentFields {
  vaId: string;
}

export interface VirtualAccountChanges {
  suggestedAmount?: number;
  expectedAmount?: number;
  expirationDate?: string;
  isSingleUse?: boolean;
  isClosed?: boolean;
}

/** Who records the money of a payment: the invoice that offered this fixed account (`callback_virtual_account_id`). */
export type { PaymentClaim } from '@gateway/fixed-instruments/domain';

/**
 * The stored event types (the kernel's shapes under this context's names): created, updated,
 * expired, paid (`claimedBy`: an invoice takes the payment, records its money and tells the
 * merchant; the account appends no MoneyInReceived), deactivated (a single-use account after its
 * payment). Every event carries the whole account, so the read model and callbacks need no fold.
 */
export const VIRTUAL_ACCOUNT_EVENT_NAMES = instrumentEventNames('VirtualAccount');
type Names = typeof VIRTUAL_ACCOUNT_EVENT_NAMES;
export type VirtualAccountEvent = InstrumentEventOf<
  VirtualAccountSnapshot,
  VirtualAccountChanges,
  VirtualAccountPayment,
  Names
>;
export type VirtualAccountPaid = Extract<VirtualAccountEvent, { type: 'VirtualAccountPaid' }>;

export const VIRTUAL_ACCOUNT_EVENT_TYPES = instrumentEventTypes(VIRTUAL_ACCOUNT_EVENT_NAMES);

/** Changes of the account the merchant hears about (`fva_status`). */
export const VIRTUAL_ACCOUNT_STATUS_EVENT_TYPES: readonly VirtualAccountEvent['type'][] = [
  'VirtualAccountCreated',
  'VirtualAccountUpdated',
  'VirtualAccountExpired',
  'VirtualAccountDeactivated',
];

export const virtualAccountStream = (vaId: string) => `fva-${vaId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
// The shapes are the fixed instruments kernel's: so are their versions (INSTRUMENT_EVENT_VERSIONS, by verb).
export const VIRTUAL_ACCOUNT_EVENT_SCHEMAS = declareEventSchemas<VirtualAccountEvent>(
  'virtual-accounts',
  instrumentEventVersions(VIRTUAL_ACCOUNT_EVENT_NAMES),
);
