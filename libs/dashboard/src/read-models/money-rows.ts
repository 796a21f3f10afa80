import type { MoneyMovementEvent } from '@gateway/domain';

/** What a money fact is on the finance page. */
export type MoneyRowKind = 'sale' | 'top_up' | 'refund' | 'payout';

/** One money fact of a business and mode: a payment received, a refund or payout that reached its recipient. */
export interface MoneyRow {
  eventId: string;
  businessId: string;
  mode: 'test' | 'live';
  currency: string;
  kind: MoneyRowKind;
  /**
   * Where it came from or went: the context of a payment (invoices, cards, ...), `refunds`, `disbursements`, `top-ups`.
   */
  product: string;
  channel: string | null;
  /** What the payer paid (sales and top-ups), else what left. */
  gross: number;
  fee: number;
  feeTax: number;
  /** What the merchant keeps (gross less fee and VAT) or what left. */
  net: number;
  occurredAt: string;
}

/**
 * The source context of a test top-up (ledger's top-up decider): money the merchant gave itself,
 * not a sale, whatever channel it was simulated through (POST /balance/top_up takes any channel).
 */
export const TOP_UP_SOURCE_CONTEXT = 'ledger.test-top-up';

/**
 * The finance page's view of the ledger contract's events (pure). Payments received are sales,
 * except test top-ups, which are counted apart; refunds and payouts count when they reach their
 * recipient (completed), as the ledger moves them out of HOLDING. Reservations, failures and
 * settlements move money inside the merchant's own accounts: the balances show them.
 */
export type MoneyEventInput = MoneyMovementEvent & {
  id: string;
  metadata: { businessId?: string; mode?: 'test' | 'live' };
};

export function moneyRowOf(event: MoneyEventInput): MoneyRow | undefined {
  const businessId = event.metadata.businessId;
  const mode = event.metadata.mode;
  if (!businessId || !mode) return undefined;
  const base = { eventId: event.id, businessId, mode };
  switch (event.type) {
    case 'MoneyInReceived': {
      const { grossAmount, fee, feeTax, channel, currency, source, receivedAt } = event.data;
      const topUp = source.context === TOP_UP_SOURCE_CONTEXT;
      return {
        ...base,
        currency,
        kind: topUp ? 'top_up' : 'sale',
        product: topUp ? 'top-ups' : source.context,
        channel,
        gross: grossAmount,
        fee,
        feeTax,
        net: grossAmount - fee - feeTax,
        occurredAt: receivedAt,
      };
    }
    case 'MoneyOutCompleted': {
      const refund = event.data.kind === 'refund';
      return {
        ...base,
        currency: event.data.currency,
        kind: refund ? 'refund' : 'payout',
        product: refund ? 'refunds' : 'disbursements',
        channel: null,
        gross: event.data.amount,
        fee: 0,
        feeTax: 0,
        net: event.data.amount,
        occurredAt: event.data.completedAt,
      };
    }
    case 'MoneyInRefunded':
      return {
        ...base,
        currency: event.data.currency,
        kind: 'refund',
        product: 'refunds',
        channel: null,
        gross: event.data.amount,
        fee: 0,
        feeTax: 0,
        net: event.data.amount,
        occurredAt: event.data.refundedAt,
      };
    default:
      return undefined;
  }
}

export const MONEY_ROW_EVENT_TYPES: readonly MoneyMovementEvent['type'][] = [
  'MoneyInReceived',
  'MoneyOutCompleted',
  'MoneyInRefunded',
];
