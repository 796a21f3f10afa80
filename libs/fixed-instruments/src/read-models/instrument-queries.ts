import type { Mode } from '@gateway/clock';
import type { Pool } from 'pg';
import type { InstrumentLifecycle, InstrumentTerms } from '../domain';
import type { InstrumentReadModel } from './instrument-read-model';

type StoredSnapshot = InstrumentTerms & InstrumentLifecycle;

export interface InstrumentPaymentRow<S, P> {
  payment: P;
  snapshot: S;
}

export interface InstrumentPaymentSearch {
  /** Matches the payment id, the instrument's id or its external id exactly. */
  id?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
  /** Leave out payments an invoice claimed (kinds that record claims). */
  excludeClaimed?: boolean;
}

type Rows<S, P> = InstrumentPaymentRow<S, P>[];

/** The read model's answers for any kind (table names come from the kind's code, never from input). */
export class InstrumentQueries<S extends StoredSnapshot, P> {
  constructor(
    private readonly pool: Pool,
    private readonly model: InstrumentReadModel<S>,
  ) {}

  async get(instrumentId: string, businessId: string, mode: Mode): Promise<S | undefined> {
    const { instrumentsTable, idColumn } = this.model;
    const { rows } = await this.pool.query<{ snapshot: S }>(
      `SELECT snapshot FROM ${instrumentsTable} WHERE ${idColumn} = $1 AND business_id = $2 AND mode = $3`,
      [instrumentId, businessId, mode],
    );
    return rows[0]?.snapshot;
  }

  /** A payment by its `payment_id`, with the instrument it paid. */
  async payment(paymentId: string, businessId: string, mode: Mode): Promise<InstrumentPaymentRow<S, P> | undefined> {
    const where = 'p.payment_id = $1 AND p.business_id = $2 AND p.mode = $3';
    const [row] = await this.paymentRows(where, [paymentId, businessId, mode], '', '');
    return row;
  }

  /** Every payment of one instrument, oldest first. */
  async payments(instrumentId: string, businessId: string, mode: Mode): Promise<P[]> {
    const where = `p.${this.model.idColumn} = $1 AND p.business_id = $2 AND p.mode = $3`;
    const order = 'ORDER BY p.created_at, p.record_id';
    const rows = await this.paymentRows(where, [instrumentId, businessId, mode], order, '');
    return rows.map((row) => row.payment);
  }

  /** Payments into a business's instruments, newest first (the dashboard's transactions). */
  async search(businessId: string, mode: Mode, search: InstrumentPaymentSearch): Promise<InstrumentPaymentRow<S, P>[]> {
    const { id, createdFrom, createdTo, limit, excludeClaimed } = search;
    const claims = this.model.recordsClaims ? 'AND (NOT $7::boolean OR p.claimed_by IS NULL)' : '';
    const where = `p.business_id = $1 AND p.mode = $2
          AND ($3::text IS NULL OR p.payment_id = $3 OR p.payment->>'id' = $3
               OR p.${this.model.idColumn} = $3 OR i.snapshot->>'externalId' = $3)
          AND ($4::timestamptz IS NULL OR p.created_at >= $4)
          AND ($5::timestamptz IS NULL OR p.created_at < $5)
          ${claims}`;
    const bounded = Math.min(Math.max(limit, 1), 500);
    const params: unknown[] = [businessId, mode, id ?? null, createdFrom ?? null, createdTo ?? null, bounded];
    if (this.model.recordsClaims) params.push(excludeClaimed === true);
    return this.paymentRows(where, params, 'ORDER BY p.created_at DESC, p.record_id', 'LIMIT $6');
  }

  private async paymentRows(where: string, params: unknown[], order: string, limit: string): Promise<Rows<S, P>> {
    const { instrumentsTable, paymentsTable, idColumn } = this.model;
    const { rows } = await this.pool.query<{ payment: P; snapshot: S }>(
      `SELECT p.payment, i.snapshot FROM ${paymentsTable} p JOIN ${instrumentsTable} i ON i.${idColumn} = p.${idColumn}
        WHERE ${where} ${order} ${limit}`,
      params,
    );
    return rows.map((row) => ({ payment: row.payment, snapshot: row.snapshot }));
  }
}
