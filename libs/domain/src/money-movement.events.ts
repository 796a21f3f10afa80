import type { DomainEvent } from './decider';
import { declareEventSchemas } from './event-schema';

/**
 * THE LEDGER CONTRACT (docs/ledger.md). Every context that moves money appends these events, in
 * the same append as its own state change, so the money fact and the resource change commit
 * together. The ledger journal consumes nothing else. Amounts are whole minor units of
 * `currency`, as JSON safe integers (>= 0); every event's metadata carries `businessId` and `mode`.
 *
 * `movementId` names one movement of money from start to end: a payment (received, settled,
 * refunded) or one money-out (reserved, then completed or failed).
 */
export type LedgerCurrency = string;

/**
 * Money arrived from a payer through `channel`. Credits HOLDING with the net; fee to the gateway, VAT on the fee to
 * TAX.
 */
export type MoneyInReceived = DomainEvent<
  'MoneyInReceived',
  {
    movementId: string;
    /** The resource it came from, for auditors: `{ context: 'invoices', resourceId: 'inv_..' }`. */
    source: { context: string; resourceId: string };
    /**
     * Payment channel code (`BCA`, `OVO`, `CREDIT_CARD`, `TEST_TOPUP`...): picks the fee rule and the settlement delay.
     */
    channel: string;
    currency: LedgerCurrency;
    /** What the payer paid. */
    grossAmount: number;
    /** The gateway's fee, from the business's fee schedule (`feeFor`). */
    fee: number;
    /** VAT on the fee (`feeFor`). */
    feeTax: number;
    /**
     * True when the emitter appends `MoneyInSettled` itself in the same append (instant channels,
     * test top-ups). Otherwise the ledger schedules the settlement after the channel's delay.
     */
    settledBySource: boolean;
    receivedAt: string;
  }
>;

/**
 * A payment made on behalf of another context's resource, which records its money: an invoice paid
 * by card or eWallet appends the `MoneyInReceived`, not the charge or the eWallet payment.
 * `movementId` and `receivedIn` (the stream holding that `MoneyInReceived`) name it, so a refund of
 * the payment can settle that money early (docs/ledger.md, "Refunds"); payments made before they
 * were carried have neither.
 */
export interface MoneyRecorder {
  context: string;
  resourceId: string;
  movementId?: string;
  receivedIn?: string;
}

/** The net of a received payment moved from HOLDING to CASH (the ledger's settlement job, or the emitter). */
export type MoneyInSettled = DomainEvent<
  'MoneyInSettled',
  { movementId: string; currency: LedgerCurrency; amount: number; settledAt: string }
>;

/**
 * Money paid back to a payer out of settled funds: CASH to the outside world. Written by card
 * refunds before they went through the balance aggregate (old logs); new refunds are money-out
 * (`MoneyOutReserved`/`MoneyOutCompleted` with `kind: 'refund'`). Still journaled, so old logs
 * replay identically.
 */
export type MoneyInRefunded = DomainEvent<
  'MoneyInRefunded',
  { movementId: string; refundId: string; currency: LedgerCurrency; amount: number; refundedAt: string }
>;

/**
 * What a money-out pays: a disbursement to a bank account or eWallet, or a refund back to the
 * payer. Events written before refunds went through the balance aggregate carry no `kind`:
 * absent means `disbursement`.
 */
export type MoneyOutKind = 'disbursement' | 'refund';

/** Money out accepted: CASH to HOLDING while in flight. Emitted by the balance aggregate. */
export type MoneyOutReserved = DomainEvent<
  'MoneyOutReserved',
  {
    movementId: string;
    currency: LedgerCurrency;
    amount: number;
    reservedAt: string;
    kind?: MoneyOutKind;
    [detail: string]: unknown;
  }
>;

/**
 * The money reached the recipient: it leaves HOLDING for the rail (a disbursement) or for the
 * payer (a refund, `kind: 'refund'`).
 */
export type MoneyOutCompleted = DomainEvent<
  'MoneyOutCompleted',
  { movementId: string; currency: LedgerCurrency; amount: number; completedAt: string; kind?: MoneyOutKind }
>;

/** The transfer failed: HOLDING returns to CASH. */
export type MoneyOutFailed = DomainEvent<
  'MoneyOutFailed',
  {
    movementId: string;
    currency: LedgerCurrency;
    amount: number;
    failureCode: string;
    failedAt: string;
    kind?: MoneyOutKind;
  }
>;

export type MoneyMovementEvent =
  MoneyInReceived | MoneyInSettled | MoneyInRefunded | MoneyOutReserved | MoneyOutCompleted | MoneyOutFailed;

export function isMoneyMovementEvent(event: DomainEvent): event is MoneyMovementEvent {
  return (MONEY_MOVEMENT_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const MONEY_MOVEMENT_EVENT_SCHEMAS = declareEventSchemas<MoneyMovementEvent>('ledger contract (shared kernel)', {
  MoneyInReceived: 1,
  MoneyInSettled: 1,
  MoneyInRefunded: 1,
  MoneyOutReserved: 1,
  MoneyOutCompleted: 1,
  MoneyOutFailed: 1,
});

export const MONEY_MOVEMENT_EVENT_TYPES = MONEY_MOVEMENT_EVENT_SCHEMAS.types;
