import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { type ScheduleJobInput, Scheduler } from '@gateway/scheduler';
import {
  type BulkLoad,
  copyInto,
  copyText,
  DescribedProjection,
  InjectableProjection,
  typedEvents,
} from '@gateway/projections';
import type { ClientBase } from 'pg';
import { nextExecutionTime } from '../domain/operating-windows';
import { DISBURSEMENT_EVENT_TYPES, type DisbursementEvent } from '../domain/disbursement.events';

export const DISBURSEMENTS_PROJECTION = 'disbursements.disbursements';
export const EXECUTE_TRANSFER_JOB = 'disbursements.execute-transfer';

export interface ExecuteTransferPayload {
  disbursementId: string;
}

export const executeTransferKey = (disbursementId: string) => `disbursement-execute:${disbursementId}`;

type Created = Extract<DisbursementEvent, { type: 'DisbursementCreated' }>['data'];

/** A disbursement's answer as the batch leaves it: the last outcome wins, a failure code sticks. */
interface Outcome {
  status: 'COMPLETED' | 'FAILED';
  failureCode: string | null;
  updatedAt: string;
}

/**
 * The disbursements GETs read, and the rail's timer: a created disbursement gets its transfer
 * job, due at the next opening of its operating window on the business's clock, in the same
 * transaction as its row.
 *
 * A batch is written with a few statements whatever its size (rows folded in memory first):
 * one INSERT for the created rows (already answered when the batch answers them), one UPDATE for
 * the other answered ones, one statement each to schedule and to cancel jobs.
 * Only a disbursement still PENDING when its batch ends gets a job, and an answered one has any
 * pending job cancelled: a rebuild (or a restore that lost `scheduled_jobs`) replaying a
 * disbursement that was answered long ago never leaves a live transfer job behind. Live, the
 * answer comes from the running job itself, which the cancel does not touch.
 */
@InjectableProjection()
export class DisbursementsProjection extends DescribedProjection {
  constructor(private readonly scheduler: Scheduler) {
    super({ name: DISBURSEMENTS_PROJECTION, tables: ['disbursements'], eventTypes: DISBURSEMENT_EVENT_TYPES });
  }

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const { created, outcomes } = foldBatch(events);
    // A disbursement created and answered in the same batch (most of them, in a rebuild) is
    // inserted as it ends; the UPDATE is left for the rows that were not inserted just now.
    const fresh = await insertCreated(tx, [...created.values()], outcomes);
    await this.answerAndSchedule(tx, created, outcomes, fresh);
  }

  /**
   * A rebuild's page (see `BulkLoad`): every creation in it is new to the table, so the created
   * rows go in with COPY. The indexes stay: answers to disbursements of earlier pages are
   * UPDATEs that find their row by primary key.
   */
  readonly bulkLoad: BulkLoad = {
    apply: async (events, tx) => {
      const { created, outcomes } = foldBatch(events);
      let rows = '';
      for (const d of created.values()) rows += copyLine(rowOf(d, outcomes.get(d.disbursementId)));
      await copyInto(tx, 'disbursements', ROW_COLUMNS, rows);
      await this.answerAndSchedule(tx, created, outcomes, [...created.keys()]);
    },
  };

  /**
   * The answers to rows not inserted just now, the transfer jobs of rows still pending, and no pending job for answered
   * ones.
   */
  private async answerAndSchedule(
    tx: ClientBase,
    created: Map<string, Created>,
    outcomes: Map<string, Outcome>,
    fresh: string[],
  ): Promise<void> {
    const insertedAsAnswered = new Set(fresh.filter((id) => outcomes.has(id)));
    await updateOutcomes(tx, new Map([...outcomes].filter(([id]) => !insertedAsAnswered.has(id))));
    const jobs: ScheduleJobInput<ExecuteTransferPayload>[] = [];
    for (const id of fresh) {
      if (outcomes.has(id)) continue;
      const d = created.get(id)!;
      jobs.push({
        kind: EXECUTE_TRANSFER_JOB,
        key: executeTransferKey(id),
        payload: { disbursementId: id },
        dueAt: nextExecutionTime(new Date(d.createdAt), d.isInstant),
        businessId: d.businessId,
        mode: d.mode,
      });
    }
    await this.scheduler.scheduleMany(jobs, tx);
    await this.scheduler.cancelPending([...outcomes.keys()].map(executeTransferKey), tx);
  }
}

/** The batch folded in memory: each disbursement created in it, and each one's answer as the batch leaves it. */
function foldBatch(events: RecordedEvent[]): { created: Map<string, Created>; outcomes: Map<string, Outcome> } {
  const created = new Map<string, Created>();
  const outcomes = new Map<string, Outcome>();
  for (const { event } of typedEvents<DisbursementEvent>(events)) {
    switch (event.type) {
      case 'DisbursementCreated':
        if (!created.has(event.data.disbursementId)) created.set(event.data.disbursementId, event.data);
        break;
      case 'DisbursementCompleted': {
        const before = outcomes.get(event.data.disbursementId);
        outcomes.set(event.data.disbursementId, {
          status: 'COMPLETED',
          failureCode: before?.failureCode ?? null,
          updatedAt: event.data.completedAt,
        });
        break;
      }
      case 'DisbursementFailed':
        outcomes.set(event.data.disbursementId, {
          status: 'FAILED',
          failureCode: event.data.failureCode,
          updatedAt: event.data.failedAt,
        });
        break;
      default:
        assertNever(event, 'disbursement event');
    }
  }
  return { created, outcomes };
}

/** A created disbursement's row as its batch leaves it (its outcome folded in when the batch answers it too). */
function rowOf(d: Created, outcome: Outcome | undefined) {
  return {
    disbursement_id: d.disbursementId,
    business_id: d.businessId,
    mode: d.mode,
    external_id: d.externalId,
    amount: d.amount,
    currency: d.currency,
    bank_code: d.bankCode,
    account_holder_name: d.accountHolderName,
    account_number: d.accountNumber,
    description: d.description,
    status: outcome?.status ?? 'PENDING',
    failure_code: outcome?.failureCode ?? null,
    is_instant: d.isInstant,
    batch_id: d.batchId ?? null,
    batch_reference: d.batchReference ?? null,
    batch_index: d.batchIndex ?? null,
    created_at: d.createdAt,
    updated_at: outcome?.updatedAt ?? d.createdAt,
  };
}

type Row = ReturnType<typeof rowOf>;
/** The table's columns, in COPY's order; the check below fails the build when a column of `Row` is missing here. */
const ROW_COLUMNS = [
  'disbursement_id',
  'business_id',
  'mode',
  'external_id',
  'amount',
  'currency',
  'bank_code',
  'account_holder_name',
  'account_number',
  'description',
  'status',
  'failure_code',
  'is_instant',
  'batch_id',
  'batch_reference',
  'batch_index',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Row)[];
const everyColumnListed: [Exclude<keyof Row, (typeof ROW_COLUMNS)[number]>] extends [never] ? true : never = true;
void everyColumnListed;

function copyLine(row: Row): string {
  return `${ROW_COLUMNS.map((column) => copyText(row[column])).join('\t')}\n`;
}

/**
 * Inserts each created row in the state its batch leaves it (its outcome folded in when the batch
 * answers it too). Returns the ids actually inserted: a replayed creation changes nothing.
 */
async function insertCreated(tx: ClientBase, rows: Created[], outcomes: Map<string, Outcome>): Promise<string[]> {
  if (rows.length === 0) return [];
  // One JSON document rather than one pg array per column: pg escapes array elements in
  // JavaScript, which costs a rebuild more client CPU than JSON.stringify and json_to_recordset.
  const document = rows.map((d) => rowOf(d, outcomes.get(d.disbursementId)));
  const { rows: inserted } = await tx.query<{ disbursement_id: string }>({
    name: 'disbursements_insert_created',
    text:
      `INSERT INTO disbursements (disbursement_id, business_id, mode, external_id, amount, currency, bank_code, ` +
      `account_holder_name,
                                account_number, description, status, failure_code, is_instant, batch_id, ` +
      `batch_reference, batch_index, created_at, updated_at)
     SELECT * FROM json_to_recordset($1::json) AS d (disbursement_id text, business_id text, mode text, ` +
      `external_id text, amount bigint, currency text,
                                                     bank_code text, account_holder_name text, account_number text, ` +
      `description text, status text,
                                                     failure_code text, is_instant boolean, batch_id text, ` +
      `batch_reference text, batch_index integer,
                                                     created_at timestamptz, updated_at timestamptz)
     ON CONFLICT (disbursement_id) DO NOTHING
     RETURNING disbursement_id`,
    values: [JSON.stringify(document)],
  });
  return inserted.map((row) => row.disbursement_id);
}

async function updateOutcomes(tx: ClientBase, outcomes: Map<string, Outcome>): Promise<void> {
  if (outcomes.size === 0) return;
  // Sorted, so two writers (a rebuild racing a stale runner) lock rows in one order.
  const ids = [...outcomes.keys()].sort();
  await tx.query({
    name: 'disbursements_update_outcomes',
    text: `UPDATE disbursements AS d
        SET status = o.status, failure_code = coalesce(o.failure_code, d.failure_code), updated_at = o.updated_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) AS o (id, status, failure_code, updated_at)
      WHERE d.disbursement_id = o.id`,
    values: [
      ids,
      ids.map((id) => outcomes.get(id)!.status),
      ids.map((id) => outcomes.get(id)!.failureCode),
      ids.map((id) => outcomes.get(id)!.updatedAt),
    ],
  });
}
