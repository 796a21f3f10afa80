import type { JournalReader, JournalScope } from '@gateway/ledger';
import type { ReportType } from '../../domain/report.events';
import { csvLine } from './csv';
import type { MovementRef, MovementSource } from './movement-sources';

export interface ReportSpec {
  type: ReportType;
  scope: JournalScope;
  from: Date;
  to: Date;
}

/** Writes lines as they come; returns how many data lines (header excluded) it wrote. */
export type LineSink = (line: string) => Promise<void>;

/** Resolves the resources behind one page of rows (`movementSources` bound to the event store). */
export type SourceLookup = (refs: readonly MovementRef[]) => Promise<(ref: MovementRef) => MovementSource>;

/**
 * The CSV of each report type, streamed from the journal a page at a time. Every line names the
 * merchant's `external_id` of the resource behind it (empty when it has none, e.g. a test top-up)
 * and the gateway's `movement_id`; internal stream names are not shown (issue 19, item 21).
 * - BALANCE_HISTORY: one line per CASH journal entry in the range, in log order, with the running
 *   balance (the opening balance counts every entry dated before `from`).
 * - TRANSACTIONS: one line per journal transaction in the range, with each account's change.
 * - UPCOMING_TRANSACTIONS: what is still in HOLDING now (payments awaiting settlement, payouts in
 *   flight), each with its expected time (the settlement's due time; the payout's transfer time);
 *   a snapshot at generation time, so the filter does not apply.
 */
export async function writeReport(
  reader: JournalReader,
  spec: ReportSpec,
  sink: LineSink,
  sources: SourceLookup,
): Promise<number> {
  switch (spec.type) {
    case 'BALANCE_HISTORY':
      return balanceHistory(reader, spec, sink, sources);
    case 'TRANSACTIONS':
      return transactions(reader, spec, sink, sources);
    case 'UPCOMING_TRANSACTIONS':
      return upcoming(reader, spec, sink, sources);
  }
}

async function balanceHistory(
  reader: JournalReader,
  spec: ReportSpec,
  sink: LineSink,
  sources: SourceLookup,
): Promise<number> {
  await sink(
    csvLine([
      'date',
      'transaction_id',
      'type',
      'external_id',
      'movement_id',
      'currency',
      'account',
      'amount',
      'balance',
    ]),
  );
  let balance = await reader.balanceBefore(spec.scope, 'CASH', spec.from);
  let lines = 0;
  for await (const page of reader.accountEntries(spec.scope, 'CASH', spec.from, spec.to)) {
    const sourceOf = await sources(page);
    for (const entry of page) {
      balance += entry.amount;
      await sink(
        csvLine([
          entry.occurredAt.toISOString(),
          entry.transactionId,
          entry.kind,
          sourceOf(entry).externalId,
          entry.movementId,
          spec.scope.currency,
          'CASH',
          entry.amount,
          balance,
        ]),
      );
      lines += 1;
    }
  }
  return lines;
}

async function transactions(
  reader: JournalReader,
  spec: ReportSpec,
  sink: LineSink,
  sources: SourceLookup,
): Promise<number> {
  await sink(
    csvLine([
      'date',
      'transaction_id',
      'type',
      'external_id',
      'movement_id',
      'currency',
      'cash',
      'holding',
      'tax',
      'fees',
      'payers',
      'payout_rail',
    ]),
  );
  let lines = 0;
  for await (const page of reader.transactions(spec.scope, spec.from, spec.to)) {
    const sourceOf = await sources(page);
    for (const t of page) {
      const c = t.changes;
      await sink(
        csvLine([
          t.occurredAt.toISOString(),
          t.transactionId,
          t.kind,
          sourceOf(t).externalId,
          t.movementId,
          spec.scope.currency,
          c.CASH,
          c.HOLDING,
          c.TAX,
          c.FEES,
          c.PAYERS,
          c.PAYOUT_RAIL,
        ]),
      );
      lines += 1;
    }
  }
  return lines;
}

async function upcoming(
  reader: JournalReader,
  spec: ReportSpec,
  sink: LineSink,
  sources: SourceLookup,
): Promise<number> {
  await sink(
    csvLine(['movement_id', 'direction', 'type', 'external_id', 'currency', 'amount', 'since', 'expected_at']),
  );
  let lines = 0;
  for await (const page of reader.openMovements(spec.scope)) {
    const sourceOf = await sources(page);
    for (const m of page) {
      const source = sourceOf(m);
      // Money in: the ledger's settlement job. Money out: when the rail sends the transfer.
      const expectedAt = m.expectedAt ?? (m.direction === 'OUTGOING' ? source.transferDueAt : undefined);
      await sink(
        csvLine([
          m.movementId,
          m.direction,
          m.kind,
          source.externalId,
          spec.scope.currency,
          m.amount,
          m.since.toISOString(),
          expectedAt?.toISOString(),
        ]),
      );
      lines += 1;
    }
  }
  return lines;
}
