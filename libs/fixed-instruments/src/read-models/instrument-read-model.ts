import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/scheduler';
import { type BatchColumn, foldSnapshots, insertRows } from '@gateway/projections';
import { type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable, type Type } from '@nestjs/common';
import type { ClientBase } from 'pg';
import type { InstrumentLifecycle, InstrumentTerms, PaymentClaim } from '../domain';

type StoredSnapshot = InstrumentTerms & InstrumentLifecycle;

/**
 * Where one kind's read model lives and what differs in it: its tables and id column, the two
 * columns lookups go by (bank and number, outlet and code), its event names and its expiry job.
 */
export interface InstrumentReadModel<S extends StoredSnapshot> {
  instrumentsTable: string;
  paymentsTable: string;
  idColumn: string;
  idOf(snapshot: S): string;
  lookupColumns: readonly [BatchColumn<S>, BatchColumn<S>];
  /** The payments table records which invoice claimed a payment (VA payments an invoice took). */
  recordsClaims: boolean;
  /** Events that carry the changed snapshot, and the payment event. */
  snapshotEvents: readonly string[];
  paidEvent: string;
  expiry: {
    job: string;
    /** One job per (instrument, date): a moved date gets its own job; the old one finds nothing to do. */
    keyOf(snapshot: S): string;
    payloadOf(snapshot: S): object;
  };
}

interface PaidData<S> {
  payment: { id: string; paymentId: string; transactionTimestamp: string };
  snapshot: S;
  claimedBy?: PaymentClaim;
}

type FoldedRow<S> = { first: S; last: S };

function instrumentColumns<S extends StoredSnapshot>(model: InstrumentReadModel<S>): BatchColumn<FoldedRow<S>>[] {
  const [lookupA, lookupB] = model.lookupColumns;
  return [
    { name: model.idColumn, type: 'text', value: (row) => model.idOf(row.first) },
    { name: 'business_id', type: 'text', value: (row) => row.first.businessId },
    { name: 'mode', type: 'text', value: (row) => row.first.mode },
    { ...lookupA, value: (row) => lookupA.value(row.first) },
    { ...lookupB, value: (row) => lookupB.value(row.first) },
    { name: 'status', type: 'text', value: (row) => row.last.status },
    { name: 'snapshot', type: 'jsonb', value: (row) => JSON.stringify(row.last) },
    { name: 'updated_at', type: 'timestamptz', value: (row) => row.last.updatedAt },
  ];
}

function paymentColumns<S extends StoredSnapshot>(model: InstrumentReadModel<S>): BatchColumn<PaidData<S>>[] {
  const columns: BatchColumn<PaidData<S>>[] = [
    { name: 'record_id', type: 'text', value: ({ payment }) => payment.id },
    { name: 'payment_id', type: 'text', value: ({ payment }) => payment.paymentId },
    { name: model.idColumn, type: 'text', value: ({ snapshot }) => model.idOf(snapshot) },
    { name: 'business_id', type: 'text', value: ({ snapshot }) => snapshot.businessId },
    { name: 'mode', type: 'text', value: ({ snapshot }) => snapshot.mode },
    { name: 'payment', type: 'jsonb', value: ({ payment }) => JSON.stringify(payment) },
    { name: 'created_at', type: 'timestamptz', value: ({ payment }) => payment.transactionTimestamp },
  ];
  const claimedBy: BatchColumn<PaidData<S>> = {
    name: 'claimed_by',
    type: 'jsonb',
    value: (paid) => (paid.claimedBy ? JSON.stringify(paid.claimedBy) : null),
  };
  if (model.recordsClaims) columns.push(claimedBy);
  return columns;
}

/** What a later snapshot of an instrument changes in its row (the first fixes the rest). */
const UPSERTED = 'status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at';

/**
 * The instruments and payments the GETs read, and the expiry timer: a job due at the
 * instrument's `expiration_date` on the business clock, written in the same transaction as its
 * row. A batch in a few statements: the snapshots of one instrument folded in memory (the first
 * fixes the columns an upsert never changes, the last the rest, as one upsert per event would
 * leave them), one upsert, one insert for the payments, one `scheduleMany` for the timers.
 */
export async function applyInstrumentEvents<S extends StoredSnapshot>(
  model: InstrumentReadModel<S>,
  scheduler: Scheduler,
  events: RecordedEvent[],
  tx: ClientBase,
): Promise<void> {
  const snapshots: S[] = [];
  const payments = new Map<string, PaidData<S>>();
  for (const recorded of events) {
    if (recorded.type === model.paidEvent) {
      const paid = recorded.data as PaidData<S>;
      if (!payments.has(paid.payment.id)) payments.set(paid.payment.id, paid);
    } else if (model.snapshotEvents.includes(recorded.type)) {
      snapshots.push((recorded.data as { snapshot: S }).snapshot);
    } else {
      throw new Error(`Unhandled ${model.instrumentsTable} event: ${recorded.type}`);
    }
  }
  await insertRows(
    tx,
    model.instrumentsTable,
    instrumentColumns(model),
    foldSnapshots(snapshots, (snapshot) => model.idOf(snapshot)),
    `ON CONFLICT (${model.idColumn}) DO UPDATE SET ${UPSERTED}`,
  );
  const paid = [...payments.values()];
  await insertRows(tx, model.paymentsTable, paymentColumns(model), paid, 'ON CONFLICT (record_id) DO NOTHING');
  // Every written snapshot that is not INACTIVE (re)schedules its expiry, as before: one per event.
  await scheduler.scheduleMany(
    snapshots
      .filter((snapshot) => snapshot.status !== 'INACTIVE')
      .map((snapshot) => ({
        kind: model.expiry.job,
        key: model.expiry.keyOf(snapshot),
        payload: model.expiry.payloadOf(snapshot),
        dueAt: new Date(snapshot.expirationDate),
        businessId: snapshot.businessId,
        mode: snapshot.mode,
      })),
    // The scheduler takes a pool client; a projection's transaction is one (typed as its base).
    tx,
  );
}

/**
 * The read-model projection of one kind, as a Nest provider: its instruments and payments tables
 * and its expiry timers, from its events (see applyInstrumentEvents).
 */
export function instrumentProjection<S extends StoredSnapshot>(
  name: string,
  model: InstrumentReadModel<S>,
  eventTypes: readonly string[],
): Type<Projection> {
  @ReadModelProjection()
  @Injectable()
  class InstrumentProjection implements Projection {
    readonly name = name;
    readonly tables = [model.instrumentsTable, model.paymentsTable];
    readonly eventTypes = eventTypes;

    constructor(private readonly scheduler: Scheduler) {}

    apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
      return applyInstrumentEvents(model, this.scheduler, events, tx);
    }
  }
  // Named after its projection in logs and errors (each kind's class is its own).
  Object.defineProperty(InstrumentProjection, 'name', { value: `InstrumentProjection(${name})` });
  return InstrumentProjection;
}
