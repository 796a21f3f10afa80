import type { RecordedEvent } from '@gateway/event-store';
import { type ScheduleJobInput, Scheduler } from '@gateway/scheduler';
import {
  type BulkLoad,
  copyInto,
  DescribedProjection,
  InjectableProjection,
  runPlannedStatements,
} from '@gateway/projections';
import type { ClientBase, QueryConfig } from 'pg';
import { MONEY_MOVEMENT_EVENT_TYPES, type MoneyMovementEvent } from '../domain/money-movement.events';
import { settlementDelayMs } from '../domain/settlement-delays';
import { SettlementPolicy } from '../application/settle-payment/settlement-policy';
import {
  SETTLE_PAYMENT_JOB,
  SETTLEMENT_JOB_KEYS,
  type SettlePaymentPayload,
} from '../application/settle-payment/settle-payment.job';
import { BalanceTotals, ENTRY_COLUMNS, journalCopyOf, journalRowsOf, TRANSACTION_COLUMNS } from './journal-rows';

export const LEDGER_PROJECTION = 'ledger.journal';

/**
 * The double-entry journal (design §6): every contract event becomes one transaction whose
 * entries sum to zero, and moves the running balances, in the runner's transaction. Keyed by
 * event id, so a replayed batch changes nothing. A payment that the emitter did not settle
 * gets its settlement job here, due after the channel's delay on the business's clock (all jobs
 * of a batch in one statement). A payment whose MoneyInSettled is replayed in the same batch gets
 * no job, and a settled payment's pending job is cancelled: a rebuild leaves no settlement job
 * behind for money that already settled. Live, the settling job is running, not pending.
 */
@InjectableProjection()
export class LedgerJournalProjection extends DescribedProjection {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly settlement: SettlementPolicy,
  ) {
    super({
      name: LEDGER_PROJECTION,
      tables: ['ledger_transactions', 'ledger_entries', 'ledger_balances'],
      eventTypes: MONEY_MOVEMENT_EVENT_TYPES,
    });
  }

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    await runPlannedStatements(tx, this.plannedStatements(events));
  }

  /**
   * Never reads: the journal, its balances and the settlement jobs of a batch are planned, and the
   * runner sends them with the batch's framing in one round trip. The journal rows travel as one
   * JSON document per table (`json_to_recordset`, keys = the row objects' own field names), not as
   * one pg array per column: pg escapes every array element in JavaScript, which cost the rebuild
   * more client CPU than the rest of this projection. One statement writes the transactions, the
   * entries of those that were new (a replayed event's are there already) and the balances moved by
   * exactly those entries, summed in SQL: a replayed batch moves no balance.
   */
  plannedStatements(events: RecordedEvent[]): QueryConfig[] {
    const rows = journalRowsOf(events);
    if (rows.transactions.length === 0) return [];
    const journal: QueryConfig = {
      name: 'ledger_journal_batch',
      text:
        `WITH fresh AS (
           INSERT INTO ledger_transactions (event_id, business_id, mode, currency, kind, movement_id, stream_name, ` +
        `log_commit, log_prepare, occurred_at)
           SELECT * FROM json_to_recordset($1::json) AS t ("eventId" uuid, "businessId" text, mode text, ` +
        `currency text, kind text, "movementId" text, "streamName" text, "logCommit" numeric, "logPrepare" bigint, ` +
        `"occurredAt" timestamptz)
           ON CONFLICT (event_id) DO NOTHING
           RETURNING event_id
         ), entries AS (
           INSERT INTO ledger_entries (event_id, line, business_id, mode, currency, account, amount)
           SELECT e.* FROM json_to_recordset($2::json) AS e ("eventId" uuid, line smallint, "businessId" text, ` +
        `mode text, currency text, account text, amount bigint)
            WHERE e."eventId" IN (SELECT event_id FROM fresh)
           RETURNING business_id, mode, currency, account, amount
         )
         INSERT INTO ledger_balances (business_id, mode, currency, account, balance, entries)
         SELECT business_id, mode, currency, account, sum(amount), count(*) FROM entries
          GROUP BY business_id, mode, currency, account
          ORDER BY business_id, mode, currency, account
         ON CONFLICT (business_id, mode, currency, account)
         DO UPDATE SET balance = ledger_balances.balance + EXCLUDED.balance, ` +
        `entries = ledger_balances.entries + EXCLUDED.entries`,
      values: [JSON.stringify(rows.transactions), JSON.stringify(rows.entries)],
    };
    return [journal, ...this.settlementStatements(events)];
  }

  /**
   * A rebuild's page (see `BulkLoad`): every event is new to the journal, so its rows go in with
   * COPY, into tables whose indexes are built again after the last page. The balances are summed
   * here and the settlement jobs written as `apply` writes them (`ledger_balances` keeps its
   * primary key: it is upserted every page).
   */
  readonly bulkLoad: BulkLoad = {
    deferIndexesOn: ['ledger_transactions', 'ledger_entries'],
    apply: async (events, tx) => {
      const journal = journalCopyOf(events);
      if (journal.transactions.length === 0) return;
      await copyInto(tx, 'ledger_transactions', TRANSACTION_COLUMNS, journal.transactions);
      await copyInto(tx, 'ledger_entries', ENTRY_COLUMNS, journal.entries);
      await runPlannedStatements(tx, [balancesStatement(journal.totals), ...this.settlementStatements(events)]);
    },
  };

  /**
   * The settlement jobs of the batch's payments, and none pending for a payment settled in it (a
   * replay of old history). A replayed payment's job, if still pending, is set to the same time
   * again (the scheduler's upsert); one that ran is left as it is.
   */
  private settlementStatements(events: RecordedEvent[]): QueryConfig[] {
    const settled = new Set<string>();
    for (const recorded of events) {
      if (recorded.type === 'MoneyInSettled') settled.add((recorded.data as { movementId: string }).movementId);
    }
    const jobs: ScheduleJobInput<SettlePaymentPayload>[] = [];
    for (const recorded of events) {
      if (recorded.type !== 'MoneyInReceived') continue;
      const job = this.settlementJob(
        recorded as RecordedEvent<Extract<MoneyMovementEvent, { type: 'MoneyInReceived' }>['data']>,
      );
      if (job && !settled.has(job.payload.movementId)) jobs.push(job);
    }
    const scheduling = this.scheduler.scheduleManyStatement(jobs);
    const cancelling = this.scheduler.cancelPendingStatement([...settled].map(settlementKey));
    return [scheduling, cancelling].filter((statement): statement is QueryConfig => statement !== undefined);
  }

  private settlementJob(
    recorded: RecordedEvent<Extract<MoneyMovementEvent, { type: 'MoneyInReceived' }>['data']>,
  ): ScheduleJobInput<SettlePaymentPayload> | undefined {
    const data = recorded.data;
    if (data.settledBySource) return undefined;
    const payload: SettlePaymentPayload = {
      movementId: data.movementId,
      currency: data.currency,
      amount: data.grossAmount - data.fee - data.feeTax,
      businessId: recorded.metadata.businessId!,
      mode: recorded.metadata.mode!,
      causationId: recorded.id,
    };
    const dueAt = new Date(
      new Date(data.receivedAt).getTime() + settlementDelayMs(data.channel, this.settlement.delays),
    );
    return {
      kind: SETTLE_PAYMENT_JOB,
      key: settlementKey(data.movementId),
      payload,
      dueAt,
      businessId: payload.businessId,
      mode: payload.mode,
    };
  }
}

const settlementKey = (movementId: string) => SETTLEMENT_JOB_KEYS.of(movementId);

/** Moves the balances by a rebuild page's totals, summed in JavaScript (see `bulkLoad`). */
function balancesStatement(totals: BalanceTotals): QueryConfig {
  const sorted = totals.sorted().map((total) => ({ ...total, amount: total.amount.toString() }));
  return {
    text:
      `INSERT INTO ledger_balances (business_id, mode, currency, account, balance, entries)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::bigint[])
           ON CONFLICT (business_id, mode, currency, account)
           DO UPDATE SET balance = ledger_balances.balance + EXCLUDED.balance, ` +
      `entries = ledger_balances.entries + EXCLUDED.entries`,
    values: columns(sorted, ['businessId', 'mode', 'currency', 'account', 'amount', 'count']),
  };
}

function columns<T extends object>(rows: T[], names: (keyof T)[]): unknown[][] {
  return names.map((name) => rows.map((row) => row[name]));
}
