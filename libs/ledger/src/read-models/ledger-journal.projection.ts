import type { RecordedEvent } from '@gateway/event-store';
import { type ScheduleJobInput, Scheduler } from '@gateway/scheduler';
import { type BulkLoad, copyInto, DescribedProjection, InjectableProjection } from '@gateway/projections';
import type { ClientBase } from 'pg';
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

  /**
   * The journal rows travel as one JSON document per table (`json_to_recordset`, keys = the row
   * objects' own field names), not as one pg array per column: pg escapes every array element in
   * JavaScript, which cost the rebuild more client CPU than the rest of this projection.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const rows = journalRowsOf(events);
    if (rows.transactions.length === 0) return;
    const inserted = await tx.query<{ event_id: string }>(
      `INSERT INTO ledger_transactions (event_id, business_id, mode, currency, kind, movement_id, stream_name, ` +
        `log_commit, log_prepare, occurred_at)
       SELECT * FROM json_to_recordset($1::json) AS t ("eventId" uuid, "businessId" text, mode text, currency text, ` +
        `kind text, "movementId" text,
                                                        "streamName" text, "logCommit" numeric, ` +
        `"logPrepare" bigint, "occurredAt" timestamptz)
       ON CONFLICT (event_id) DO NOTHING
       RETURNING event_id`,
      [JSON.stringify(rows.transactions)],
    );
    const fresh = new Set(inserted.rows.map((row) => row.event_id));
    if (fresh.size === 0) return;
    const entries = rows.entries.filter((entry) => fresh.has(entry.eventId));
    const totals = new BalanceTotals();
    for (const entry of entries)
      totals.add(entry.businessId, entry.mode, entry.currency, entry.account, BigInt(entry.amount));
    await tx.query(
      `INSERT INTO ledger_entries (event_id, line, business_id, mode, currency, account, amount)
       SELECT * FROM json_to_recordset($1::json) AS e ("eventId" uuid, line smallint, "businessId" text, mode text, ` +
        `currency text, account text, amount bigint)`,
      [JSON.stringify(entries)],
    );
    await this.moveBalancesAndScheduleSettlements(events, totals, (eventId) => fresh.has(eventId), tx);
  }

  /**
   * A rebuild's page (see `BulkLoad`): every event is new to the journal, so its rows go in with
   * COPY, into tables whose indexes are built again after the last page. The balances and the
   * settlement jobs are written as `apply` writes them (`ledger_balances` keeps its primary key:
   * it is upserted every page).
   */
  readonly bulkLoad: BulkLoad = {
    deferIndexesOn: ['ledger_transactions', 'ledger_entries'],
    apply: async (events, tx) => {
      const journal = journalCopyOf(events);
      if (journal.transactions.length === 0) return;
      await copyInto(tx, 'ledger_transactions', TRANSACTION_COLUMNS, journal.transactions);
      await copyInto(tx, 'ledger_entries', ENTRY_COLUMNS, journal.entries);
      await this.moveBalancesAndScheduleSettlements(events, journal.totals, () => true, tx);
    },
  };

  /** The balances of the entries just written, and the settlement jobs of the payments just journaled. */
  private async moveBalancesAndScheduleSettlements(
    events: RecordedEvent[],
    totals: BalanceTotals,
    fresh: (eventId: string) => boolean,
    tx: ClientBase,
  ): Promise<void> {
    const sorted = totals.sorted().map((total) => ({ ...total, amount: total.amount.toString() }));
    await tx.query(
      `INSERT INTO ledger_balances (business_id, mode, currency, account, balance, entries)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::bigint[])
       ON CONFLICT (business_id, mode, currency, account)
       DO UPDATE SET balance = ledger_balances.balance + EXCLUDED.balance, ` +
        `entries = ledger_balances.entries + EXCLUDED.entries`,
      columns(sorted, ['businessId', 'mode', 'currency', 'account', 'amount', 'count']),
    );
    // Settled in this batch (a replay of old history): no job at all; settled earlier: none pending.
    const settled = new Set<string>();
    for (const recorded of events) {
      if (recorded.type === 'MoneyInSettled') settled.add((recorded.data as { movementId: string }).movementId);
    }
    const jobs: ScheduleJobInput<SettlePaymentPayload>[] = [];
    for (const recorded of events) {
      if (recorded.type !== 'MoneyInReceived' || !fresh(recorded.id)) continue;
      const job = this.settlementJob(
        recorded as RecordedEvent<Extract<MoneyMovementEvent, { type: 'MoneyInReceived' }>['data']>,
      );
      if (job && !settled.has(job.payload.movementId)) jobs.push(job);
    }
    await this.scheduler.scheduleMany(jobs, tx);
    await this.scheduler.cancelPending([...settled].map(settlementKey), tx);
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

function columns<T extends object>(rows: T[], names: (keyof T)[]): unknown[][] {
  return names.map((name) => rows.map((row) => row[name]));
}
