import type { RecordedEvent } from '@gateway/event-store';
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

/** The journal rows of a batch of contract events; an event without business or mode breaks the contract. */
export function journalRowsOf(events: readonly RecordedEvent[]): { transactions: TransactionRow[]; entries: EntryRow[] } {
  const transactions: TransactionRow[] = [];
  const entries: EntryRow[] = [];
  for (const recorded of events) {
    const { businessId, mode } = recorded.metadata;
    if (!businessId || (mode !== 'test' && mode !== 'live')) {
      throw new Error(`Ledger contract: event ${recorded.id} (${recorded.type}) carries no businessId/mode in its metadata`);
    }
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
      entries.push({ eventId: recorded.id, line, businessId, mode, currency: transaction.currency, account: posting.account, amount: posting.amount.toString() }),
    );
  }
  return { transactions, entries };
}
