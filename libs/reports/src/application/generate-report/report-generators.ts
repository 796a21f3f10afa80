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

type Cell = string | number | bigint | null | undefined;

/** What one report line is made of: the journal's row, the resource behind it, the report's currency. */
interface Line<Row> {
  row: Row;
  source: MovementSource;
  currency: string;
}

/** A report's columns, in order: each header, and what its cell holds in a line. */
type Columns<L> = readonly (readonly [header: string, cell: (line: L) => Cell])[];

/** The header, then one line per row of each page (the rows' sources looked up a page at a time). */
async function writeLines<Row extends MovementRef>(
  sink: LineSink,
  spec: ReportSpec,
  sources: SourceLookup,
  pages: AsyncIterable<Row[]>,
  columns: Columns<Line<Row>>,
): Promise<number> {
  await sink(csvLine(columns.map(([header]) => header)));
  let lines = 0;
  for await (const page of pages) {
    const sourceOf = await sources(page);
    for (const row of page) {
      const line = { row, source: sourceOf(row), currency: spec.scope.currency };
      await sink(csvLine(columns.map(([, cell]) => cell(line))));
      lines += 1;
    }
  }
  return lines;
}

/** A line of the journal: one account's entry, or a whole transaction. */
interface JournalRow extends MovementRef {
  occurredAt: Date;
  transactionId: string;
  kind: string;
}

/** The columns every journal line starts with. */
const JOURNAL_COLUMNS: Columns<Line<JournalRow>> = [
  ['date', ({ row }) => row.occurredAt.toISOString()],
  ['transaction_id', ({ row }) => row.transactionId],
  ['type', ({ row }) => row.kind],
  ['external_id', ({ source }) => source.externalId],
  ['movement_id', ({ row }) => row.movementId],
  ['currency', ({ currency }) => currency],
];

const BALANCE_HISTORY_COLUMNS: Columns<Line<JournalRow & { amount: bigint; balance: bigint }>> = [
  ...JOURNAL_COLUMNS,
  ['account', () => 'CASH'],
  ['amount', ({ row }) => row.amount],
  ['balance', ({ row }) => row.balance],
];

async function balanceHistory(
  reader: JournalReader,
  spec: ReportSpec,
  sink: LineSink,
  sources: SourceLookup,
): Promise<number> {
  const opening = await reader.balanceBefore(spec.scope, 'CASH', spec.from);
  const entries = reader.accountEntries(spec.scope, 'CASH', spec.from, spec.to);
  return writeLines(sink, spec, sources, withRunningBalance(entries, opening), BALANCE_HISTORY_COLUMNS);
}

/** Each CASH entry with the balance after it, counted on from the opening balance. */
async function* withRunningBalance<Entry extends { amount: bigint }>(
  pages: AsyncIterable<Entry[]>,
  opening: bigint,
): AsyncGenerator<(Entry & { balance: bigint })[]> {
  let balance = opening;
  for await (const page of pages) {
    yield page.map((entry) => {
      balance += entry.amount;
      return { ...entry, balance };
    });
  }
}

/** The accounts whose change a TRANSACTIONS line shows, each in a column of its lower-cased name. */
const TRANSACTION_ACCOUNTS = ['CASH', 'HOLDING', 'TAX', 'FEES', 'PAYERS', 'PAYOUT_RAIL'] as const;

type TransactionLine = Line<JournalRow & { changes: Record<(typeof TRANSACTION_ACCOUNTS)[number], bigint> }>;

const TRANSACTIONS_COLUMNS: Columns<TransactionLine> = [
  ...JOURNAL_COLUMNS,
  ...TRANSACTION_ACCOUNTS.map(
    (account) => [account.toLowerCase(), ({ row }: TransactionLine) => row.changes[account]] as const,
  ),
];

function transactions(reader: JournalReader, spec: ReportSpec, sink: LineSink, sources: SourceLookup): Promise<number> {
  return writeLines(sink, spec, sources, reader.transactions(spec.scope, spec.from, spec.to), TRANSACTIONS_COLUMNS);
}

type UpcomingLine = Line<
  MovementRef & {
    direction: 'INCOMING' | 'OUTGOING';
    kind: string;
    amount: bigint;
    since: Date;
    expectedAt: Date | null;
  }
>;

const UPCOMING_COLUMNS: Columns<UpcomingLine> = [
  ['movement_id', ({ row }) => row.movementId],
  ['direction', ({ row }) => row.direction],
  ['type', ({ row }) => row.kind],
  ['external_id', ({ source }) => source.externalId],
  ['currency', ({ currency }) => currency],
  ['amount', ({ row }) => row.amount],
  ['since', ({ row }) => row.since.toISOString()],
  // Money in: the ledger's settlement job. Money out: when the rail sends the transfer.
  [
    'expected_at',
    ({ row, source }) =>
      (row.expectedAt ?? (row.direction === 'OUTGOING' ? source.transferDueAt : undefined))?.toISOString(),
  ],
];

function upcoming(reader: JournalReader, spec: ReportSpec, sink: LineSink, sources: SourceLookup): Promise<number> {
  return writeLines(sink, spec, sources, reader.openMovements(spec.scope), UPCOMING_COLUMNS);
}
