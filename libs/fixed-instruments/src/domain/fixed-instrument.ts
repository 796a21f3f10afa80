import type { DomainEvent, MoneyInReceived } from '@gateway/domain';

export type Mode = 'test' | 'live';

/**
 * PENDING: reserved, not yet payable (a VA no bank has confirmed); ACTIVE: payable; INACTIVE:
 * expired, or single use and paid. Terminal. A kind that never waits for a bank never uses PENDING.
 */
export type InstrumentStatus = 'PENDING' | 'ACTIVE' | 'INACTIVE';

/** Who opened it: a merchant (a fixed instrument) or an invoice (one the invoice offers its payer). */
export type InstrumentOrigin = { kind: 'fixed' } | { kind: 'invoice'; invoiceId: string };

/** Who records the money of a payment: the invoice that offered this fixed instrument. */
export interface PaymentClaim {
  context: 'invoices';
  resourceId: string;
}

/**
 * The lifecycle every instrument's snapshot ends with, in this order (the stored shape of both
 * kinds: the kernel appends these fields after the kind's own).
 */
export interface InstrumentLifecycle<TStatus extends InstrumentStatus = InstrumentStatus> {
  status: TStatus;
  expirationDate: string;
  origin: InstrumentOrigin;
  createdAt: string;
  updatedAt: string;
}

/** What the kernel reads of a kind's own fields (the identity and terms before the lifecycle). */
export interface InstrumentTerms {
  businessId: string;
  mode: Mode;
  currency: 'IDR';
  expectedAmount?: number;
  isSingleUse: boolean;
}

/** The type parameters of one kind, bundled so a kind names them once. */
export interface InstrumentTypes {
  /** The creation command's own fields (whose, bank and number, outlet and code, amounts...). */
  create: { businessId: string; mode: Mode };
  /** An update's requested changes; the expiration date is the kernel's (a past one expires at once). */
  changes: { expirationDate?: Date };
  /** An update's changes as its event stores them. */
  storedChanges: object;
  /** The snapshot's fields before the lifecycle. */
  terms: InstrumentTerms;
  status: InstrumentStatus;
  /** A payment as its event stores it. */
  payment: object;
}

export type SnapshotOf<T extends InstrumentTypes> = T['terms'] & InstrumentLifecycle<T['status']>;

/** What a kind's stored events carry under `key` (its snapshot, its stored changes, its payment). */
type StoredIn<TEvent, K extends string> = TEvent extends { data: Record<K, infer V> } ? V : never;
type StoredSnapshot<TEvent> = Extract<StoredIn<TEvent, 'snapshot'>, InstrumentLifecycle>;

/**
 * A kind's type parameters from its stored events (their snapshot, whose terms are the fields
 * before the lifecycle, their update's changes and their payment), its creation fields and its
 * update as requested.
 */
export type InstrumentTypesOf<TEvent extends DomainEvent, TCreate, TChanges> = {
  create: TCreate;
  changes: TChanges;
  storedChanges: StoredIn<TEvent, 'changes'>;
  terms: Omit<StoredSnapshot<TEvent>, keyof InstrumentLifecycle>;
  status: StoredSnapshot<TEvent>['status'];
  payment: StoredIn<TEvent, 'payment'>;
};

/** The stored event types of one kind: its own names, the kernel's shapes. */
export interface InstrumentEventNames {
  created: string;
  updated: string;
  expired: string;
  paid: string;
  deactivated: string;
}

/** The kernel's event shapes under a kind's names: every event carries the whole snapshot. */
export type InstrumentEventOf<TSnapshot, TStoredChanges, TPayment, N extends InstrumentEventNames> =
  | DomainEvent<N['created'], { snapshot: TSnapshot }>
  | DomainEvent<N['updated'], { changes: TStoredChanges; snapshot: TSnapshot }>
  | DomainEvent<N['expired'], { snapshot: TSnapshot; expiredAt: string }>
  | DomainEvent<N['paid'], { payment: TPayment; snapshot: TSnapshot; claimedBy?: PaymentClaim }>
  | DomainEvent<N['deactivated'], { reason: 'SINGLE_USE_PAID'; snapshot: TSnapshot }>;

export type InstrumentEvent<T extends InstrumentTypes, N extends InstrumentEventNames> = InstrumentEventOf<
  SnapshotOf<T>,
  T['storedChanges'],
  T['payment'],
  N
>;

/** A kind's stored event names: its prefix and the kernel's verbs (`VirtualAccount` → `VirtualAccountPaid`). */
export interface InstrumentEventNamesOf<P extends string> extends InstrumentEventNames {
  created: `${P}Created`;
  updated: `${P}Updated`;
  expired: `${P}Expired`;
  paid: `${P}Paid`;
  deactivated: `${P}Deactivated`;
}

/** Stored names: never rename a prefix (events in the log keep theirs; an upcaster would be needed). */
export function instrumentEventNames<P extends string>(prefix: P): InstrumentEventNamesOf<P> {
  return {
    created: `${prefix}Created`,
    updated: `${prefix}Updated`,
    expired: `${prefix}Expired`,
    paid: `${prefix}Paid`,
    deactivated: `${prefix}Deactivated`,
  };
}

/** The names in their order: created, updated, expired, paid, deactivated. */
export function instrumentEventTypes<N extends InstrumentEventNames>(
  names: N,
): readonly N[keyof InstrumentEventNames][] {
  return [names.created, names.updated, names.expired, names.paid, names.deactivated];
}

/** Every event on an instrument's stream: its own, and the ledger's money-in. */
export type InstrumentStreamEvent<T extends InstrumentTypes, N extends InstrumentEventNames> =
  InstrumentEvent<T, N> | MoneyInReceived;

export type InstrumentState<TSnapshot> = { exists: false } | { exists: true; snapshot: TSnapshot };

/** Opens the instrument; `instrumentId` names its stream (derived from what makes it unique). */
export type CreateInstrument<T extends InstrumentTypes> = T['create'] & {
  type: 'CreateInstrument';
  instrumentId: string;
  expirationDate?: Date;
  origin: InstrumentOrigin;
  now: Date;
};

export interface UpdateInstrument<T extends InstrumentTypes> {
  type: 'UpdateInstrument';
  instrumentId: string;
  changes: T['changes'];
  now: Date;
}

/** The expiry job: expires the instrument if its date has come (a no-op otherwise, e.g. after the date moved). */
export interface ExpireInstrument {
  type: 'ExpireInstrument';
  instrumentId: string;
  now: Date;
}

/** A payment into the instrument (the simulated bank or till in test mode); fee and tax from the ledger's `feeFor`. */
export interface ReceiveInstrumentPayment {
  type: 'ReceiveInstrumentPayment';
  instrumentId: string;
  /** The payment record's id (the callback payment's `id`). */
  id: string;
  paymentId: string;
  amount: number;
  fee: number;
  feeTax: number;
  /** An invoice offers this instrument for this amount: the invoice records the money. */
  claimedBy?: PaymentClaim;
  now: Date;
}

export type InstrumentCommand<T extends InstrumentTypes> =
  CreateInstrument<T> | UpdateInstrument<T> | ExpireInstrument | ReceiveInstrumentPayment;

/**
 * The schema version of each event verb (docs/operations.md, "Changing an event's shape"): the
 * shapes are the kernel's, so a shape change bumps the verb here, for both kinds, with its upcaster.
 */
export const INSTRUMENT_EVENT_VERSIONS: Readonly<Record<keyof InstrumentEventNames, number>> = {
  created: 1,
  updated: 1,
  expired: 1,
  paid: 1,
  deactivated: 1,
};

type VersionsByName<N extends InstrumentEventNames> = Record<N[keyof InstrumentEventNames], number>;

/** A kind's event versions by stored name (what `declareEventSchemas` takes). */
export function instrumentEventVersions<N extends InstrumentEventNames>(names: N): VersionsByName<N> {
  const verbs: (keyof InstrumentEventNames)[] = ['created', 'updated', 'expired', 'paid', 'deactivated'];
  // One entry per verb: the record has every name of N (TypeScript cannot follow that through fromEntries).
  return Object.fromEntries(verbs.map((verb) => [names[verb], INSTRUMENT_EVENT_VERSIONS[verb]])) as VersionsByName<N>;
}
