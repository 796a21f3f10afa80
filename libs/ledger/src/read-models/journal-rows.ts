import type { RecordedEvent } from '@gateway/event-store';
import { copyText } from '@gateway/projections';
import type { MoneyMovementEvent } from '../domain/money-movement.events';
import { postingsFor } from '../domain/postings';

export interface TransactionRow {
  eventId: string;
  businessId: string;
  mode: string;
  currency: string;
  kind: string;
  movementId: string;
  streamName: string;
  logCommit: string;
  logPrepare: string;
  occurredAt: string;
}

export interface EntryRow {
  eventId: string;
  line: number;
  businessId: string;
  mode: string;
  currency: string;
  account: string;
  /** Decimal string (bigint does not travel as a pg parameter). */
  amount: string;
}

/** The business and mode of a contract event; an event without them breaks the contract. */
function scopeOf(recorded: RecordedEvent): { businessId: string; mode: 'test' | 'live' } {
  const { businessId, mode } = recorded.metadata;
  if (!businessId || (mode !== 'test' && mode !== 'live')) {
    throw new Error(
      `Ledger contract: event ${recorded.id} (${recorded.type}) carries no businessId/mode in its metadata`,
    );
  }
  return { businessId, mode };
}

/** The journal rows of a batch of contract events; an event without business or mode breaks the contract. */
export function journalRowsOf(events: readonly RecordedEvent[]): {
  transactions: TransactionRow[];
  entries: EntryRow[];
} {
  const transactions: TransactionRow[] = [];
  const entries: EntryRow[] = [];
  for (const recorded of events) {
    const { businessId, mode } = scopeOf(recorded);
    const transaction = postingsFor({ type: recorded.type, data: recorded.data } as MoneyMovementEvent);
    transactions.push({
      eventId: recorded.id,
      businessId,
      mode,
      currency: transaction.currency,
      kind: transaction.kind,
      movementId: transaction.movementId,
      streamName: recorded.streamName,
      logCommit: recorded.position.commit.toString(),
      logPrepare: recorded.position.prepare.toString(),
      occurredAt: recorded.metadata.occurredAt,
    });
    transaction.postings.forEach((posting, line) =>
      entries.push({
        eventId: recorded.id,
        line,
        businessId,
        mode,
        currency: transaction.currency,
        account: posting.account,
        amount: posting.amount.toString(),
      }),
    );
  }
  return { transactions, entries };
}

/** The columns of `ledger_transactions` and `ledger_entries`, in the order `journalCopyOf` writes them. */
export const TRANSACTION_COLUMNS = [
  'event_id',
  'business_id',
  'mode',
  'currency',
  'kind',
  'movement_id',
  'stream_name',
  'log_commit',
  'log_prepare',
  'occurred_at',
] as const;
export const ENTRY_COLUMNS = ['event_id', 'line', 'business_id', 'mode', 'currency', 'account', 'amount'] as const;

// Bound once: through the package's index (a getter per re-exported name) it cost a rebuild ~0.5 s of CPU.
const field = copyText;

/**
 * The journal of a batch as COPY text, one string per table (a line per row: uuids, digits and the
 * checked mode as they are, other text escaped), and the balance movements it makes. One pass and
 * no row objects: a rebuild turns a million events into these.
 */
export function journalCopyOf(events: readonly RecordedEvent[]): {
  transactions: string;
  entries: string;
  totals: BalanceTotals;
} {
  let transactions = '';
  let entries = '';
  const totals = new BalanceTotals();
  for (const recorded of events) {
    const { businessId, mode } = scopeOf(recorded);
    const transaction = postingsFor({ type: recorded.type, data: recorded.data } as MoneyMovementEvent);
    const business = field(businessId);
    const currency = field(transaction.currency);
    transactions +=
      `${recorded.id}\t${business}\t${mode}\t${currency}\t${field(transaction.kind)}\t` +
      `${field(transaction.movementId)}\t${field(recorded.streamName)}\t${recorded.position.commit}\t` +
      `${recorded.position.prepare}\t${field(recorded.metadata.occurredAt)}\n`;
    const { postings } = transaction;
    for (let line = 0; line < postings.length; line += 1) {
      const { account, amount } = postings[line];
      entries += `${recorded.id}\t${line}\t${business}\t${mode}\t${currency}\t${field(account)}\t${amount}\n`;
      totals.add(businessId, mode, transaction.currency, account, amount);
    }
  }
  return { transactions, entries, totals };
}

export interface BalanceTotal {
  businessId: string;
  mode: string;
  currency: string;
  account: string;
  amount: bigint;
  count: number;
}

/**
 * What a batch's entries add to each account's balance and entry count. Grouped by scope
 * (business, mode, currency) and then account: consecutive entries nearly always share their
 * scope, which is looked up once for them, and the account names are a handful of constants.
 */
export class BalanceTotals {
  private readonly scopes = new Map<string, Map<string, BalanceTotal>>();
  private last?: { businessId: string; mode: string; currency: string; accounts: Map<string, BalanceTotal> };

  add(businessId: string, mode: string, currency: string, account: string, amount: bigint): void {
    let scope = this.last;
    if (!scope || scope.businessId !== businessId || scope.mode !== mode || scope.currency !== currency) {
      const key = `${businessId}|${mode}|${currency}`;
      let accounts = this.scopes.get(key);
      if (!accounts) this.scopes.set(key, (accounts = new Map<string, BalanceTotal>()));
      scope = this.last = { businessId, mode, currency, accounts };
    }
    const total = scope.accounts.get(account);
    if (total) {
      total.amount += amount;
      total.count += 1;
    } else {
      scope.accounts.set(account, { businessId, mode, currency, account, amount, count: 1 });
    }
  }

  /** In key order, so two writers (a rebuild racing a stale runner) lock balance rows in one order. */
  sorted(): BalanceTotal[] {
    const keyed: [string, BalanceTotal][] = [];
    for (const [scope, accounts] of this.scopes)
      for (const [account, total] of accounts) keyed.push([`${scope}|${account}`, total]);
    return keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, total]) => total);
  }
}
