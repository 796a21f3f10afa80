import type { JournalReader, JournalScope } from '@gateway/ledger';
import type { ReportType } from '../../domain/report.events';
import { csvLine } from './csv';

export interface ReportSpec {
  type: ReportType;
  scope: JournalScope;
  from: Date;
  to: Date;
}

/** Writes lines as they come; returns how many data lines (header excluded) it wrote. */
export type LineSink = (line: string) => Promise<void>;

/**
 * The CSV of each report type, streamed from the journal a page at a time.
 * - BALANCE_HISTORY: one line per CASH journal entry in the range, in log order, with the running
 *   balance (the opening balance counts every entry dated before `from`).
 * - TRANSACTIONS: one line per journal transaction in the range, with each account's change.
 * - UPCOMING_TRANSACTIONS: what is still in HOLDING now (payments awaiting settlement, payouts in
 *   flight); a snapshot at generation time, so the filter does not apply.
 */
export async function writeReport(reader: JournalReader, spec: ReportSpec, sink: LineSink): Promise<number> {
  switch (spec.type) {
    case 'BALANCE_HISTORY':
      return balanceHistory(reader, spec, sink);
    case 'TRANSACTIONS':
      return transactions(reader, spec, sink);
    case 'UPCOMING_TRANSACTIONS':
      return upcoming(reader, spec, sink);
  }
}

async function balanceHistory(reader: JournalReader, spec: ReportSpec, sink: LineSink): Promise<number> {
  await sink(csvLine(['date', 'transaction_id', 'type', 'reference', 'movement_id', 'currency', 'account', 'amount', 'balance']));
  let balance = await reader.balanceBefore(spec.scope, 'CASH', spec.from);
  let lines = 0;
  for await (const page of reader.accountEntries(spec.scope, 'CASH', spec.from, spec.to)) {
    for (const entry of page) {
      balance += entry.amount;
      await sink(csvLine([entry.occurredAt.toISOString(), entry.transactionId, entry.kind, entry.streamName, entry.movementId, spec.scope.currency, 'CASH', entry.amount, balance]));
      lines += 1;
    }
  }
  return lines;
}

async function transactions(reader: JournalReader, spec: ReportSpec, sink: LineSink): Promise<number> {
  await sink(
    csvLine(['date', 'transaction_id', 'type', 'reference', 'movement_id', 'currency', 'cash', 'holding', 'tax', 'fees', 'payers', 'payout_rail']),
  );
  let lines = 0;
  for await (const page of reader.transactions(spec.scope, spec.from, spec.to)) {
    for (const t of page) {
      const c = t.changes;
      await sink(csvLine([t.occurredAt.toISOString(), t.transactionId, t.kind, t.streamName, t.movementId, spec.scope.currency, c.CASH, c.HOLDING, c.TAX, c.FEES, c.PAYERS, c.PAYOUT_RAIL]));
      lines += 1;
    }
  }
  return lines;
}

async function upcoming(reader: JournalReader, spec: ReportSpec, sink: LineSink): Promise<number> {
  await sink(csvLine(['movement_id', 'direction', 'type', 'reference', 'currency', 'amount', 'since', 'expected_at']));
  let lines = 0;
  for await (const page of reader.openMovements(spec.scope)) {
    for (const m of page) {
      await sink(csvLine([m.movementId, m.direction, m.kind, m.streamName, spec.scope.currency, m.amount, m.since.toISOString(), m.expectedAt?.toISOString()]));
      lines += 1;
    }
  }
  return lines;
}
