import { guardConnection } from '@gateway/database';
import { Injectable } from '@nestjs/common';
import { Pool, type PoolClient } from 'pg';
import type { LedgerAccount, MerchantAccount } from '../../domain/ledger-accounts';
import { SETTLEMENT_JOB_KEYS } from '../settle-payment/settle-payment.job';

/** Rows fetched per round trip: the reader's memory is this many rows, whatever the range. */
export const JOURNAL_PAGE_ROWS = 2000;

export interface JournalScope {
  businessId: string;
  mode: 'test' | 'live';
  currency: string;
}

/** What every row read from the journal says of its transaction. */
export interface JournalTransactionRef {
  occurredAt: Date;
  transactionId: string;
  kind: string;
  movementId: string;
  streamName: string;
}

export interface AccountEntryRow extends JournalTransactionRef {
  amount: bigint;
}

export interface TransactionRow extends JournalTransactionRef {
  /** Change of each account in this transaction (0 when untouched). */
  changes: Record<LedgerAccount, bigint>;
}

/** The `ledger_transactions` columns a `JournalTransactionRef` is read from. */
interface TransactionColumns {
  occurred_at: Date;
  event_id: string;
  kind: string;
  movement_id: string;
  stream_name: string;
}

function transactionRefOf(row: TransactionColumns): JournalTransactionRef {
  return {
    occurredAt: row.occurred_at,
    transactionId: row.event_id,
    kind: row.kind,
    movementId: row.movement_id,
    streamName: row.stream_name,
  };
}

export interface OpenMovementRow {
  movementId: string;
  /** INCOMING: money in not yet settled; OUTGOING: money out still in flight. */
  direction: 'INCOMING' | 'OUTGOING';
  kind: string;
  streamName: string;
  since: Date;
  amount: bigint;
  /** When the ledger's settlement job is due (incoming only, when scheduled). */
  expectedAt: Date | null;
}

/** JournalReader.pendingSummary: HOLDING's payments (total, count, the soonest) and payouts in flight. */
export interface PendingSummary {
  incoming: bigint;
  incomingCount: number;
  outgoing: bigint;
  /** Soonest to settle first; unscheduled ones (settled when the bank confirms) last. */
  due: { amount: bigint; since: Date; expectedAt: Date | null }[];
}

/**
 * Reads the journal for reports and exports, in log order, a page at a time through a
 * server-side cursor: one sort on the server, and never more than a page in this process.
 */
@Injectable()
export class JournalReader {
  constructor(private readonly pool: Pool) {}

  /** The account's balance from every entry dated before `before` (a report's opening balance). */
  async balanceBefore(scope: JournalScope, account: MerchantAccount, before: Date): Promise<bigint> {
    const { rows } = await this.pool.query<{ balance: string | null }>(
      `SELECT sum(e.amount)::text AS balance
         FROM ledger_entries e JOIN ledger_transactions t ON t.event_id = e.event_id
        WHERE e.business_id = $1 AND e.mode = $2 AND e.currency = $3 AND e.account = $4 AND t.occurred_at < $5`,
      [scope.businessId, scope.mode, scope.currency, account, before],
    );
    return BigInt(rows[0]?.balance ?? '0');
  }

  /** Every entry of one account dated in [from, to), in log order. */
  async *accountEntries(
    scope: JournalScope,
    account: MerchantAccount,
    from: Date,
    to: Date,
  ): AsyncGenerator<AccountEntryRow[]> {
    const pages = this.cursor<TransactionColumns & { amount: string }>(
      `SELECT t.occurred_at, t.event_id, t.kind, t.movement_id, t.stream_name, e.amount::text AS amount
         FROM ledger_entries e JOIN ledger_transactions t ON t.event_id = e.event_id
        WHERE e.business_id = $1 AND e.mode = $2 AND e.currency = $3 AND e.account = $4
          AND t.occurred_at >= $5 AND t.occurred_at < $6
        ORDER BY t.log_commit, t.log_prepare, e.line`,
      [scope.businessId, scope.mode, scope.currency, account, from, to],
    );
    for await (const page of pages) {
      yield page.map((row) => ({ ...transactionRefOf(row), amount: BigInt(row.amount) }));
    }
  }

  /** Every transaction dated in [from, to), with each account's change, in log order. */
  async *transactions(scope: JournalScope, from: Date, to: Date): AsyncGenerator<TransactionRow[]> {
    const pages = this.cursor<TransactionColumns & Record<Lowercase<LedgerAccount>, string>>(
      `SELECT t.occurred_at, t.event_id, t.kind, t.movement_id, t.stream_name,
              coalesce(sum(e.amount) FILTER (WHERE e.account = 'CASH'), 0)::text        AS cash,
              coalesce(sum(e.amount) FILTER (WHERE e.account = 'HOLDING'), 0)::text     AS holding,
              coalesce(sum(e.amount) FILTER (WHERE e.account = 'TAX'), 0)::text         AS tax,
              coalesce(sum(e.amount) FILTER (WHERE e.account = 'PAYERS'), 0)::text      AS payers,
              coalesce(sum(e.amount) FILTER (WHERE e.account = 'FEES'), 0)::text        AS fees,
              coalesce(sum(e.amount) FILTER (WHERE e.account = 'PAYOUT_RAIL'), 0)::text AS payout_rail
         FROM ledger_transactions t JOIN ledger_entries e ON e.event_id = t.event_id
        WHERE t.business_id = $1 AND t.mode = $2 AND t.currency = $3 AND t.occurred_at >= $4 AND t.occurred_at < $5
        GROUP BY t.event_id
        ORDER BY min(t.log_commit), min(t.log_prepare)`,
      [scope.businessId, scope.mode, scope.currency, from, to],
    );
    for await (const page of pages) {
      yield page.map((row) => ({
        ...transactionRefOf(row),
        changes: {
          CASH: BigInt(row.cash),
          HOLDING: BigInt(row.holding),
          TAX: BigInt(row.tax),
          PAYERS: BigInt(row.payers),
          FEES: BigInt(row.fees),
          PAYOUT_RAIL: BigInt(row.payout_rail),
        },
      }));
    }
  }

  /**
   * What HOLDING holds, summed in SQL (the finance page, on every view): payments not yet settled
   * with the `listed` soonest to settle (unscheduled last), and payouts in flight. Never every
   * open movement in memory, however many there are.
   */
  async pendingSummary(scope: JournalScope, listed: number): Promise<PendingSummary> {
    type Row = {
      summary: boolean;
      amount: string;
      count: string;
      since: Date | null;
      expected_at: Date | null;
      outgoing: string;
    };
    const { rows } = await this.pool.query<Row>(
      `WITH open AS (
         SELECT t.movement_id,
                (array_agg(t.kind ORDER BY t.log_commit, t.log_prepare))[1] LIKE 'MoneyOut%' AS outgoing,
                min(t.occurred_at) AS since, sum(e.amount) AS amount
           FROM ledger_transactions t JOIN ledger_entries e ON e.event_id = t.event_id AND e.account = 'HOLDING'
          WHERE t.business_id = $1 AND t.mode = $2 AND t.currency = $3
          GROUP BY t.movement_id
         HAVING sum(e.amount) <> 0),
       incoming AS (
         SELECT o.*, j.due_at AS expected_at FROM open o
           LEFT JOIN scheduled_jobs j ON j.job_key = 'ledger-settle:' || o.movement_id AND j.status = 'pending'
          WHERE NOT o.outgoing)
       SELECT true AS summary, coalesce((SELECT sum(amount) FROM incoming), 0)::text AS amount,
              (SELECT count(*) FROM incoming)::text AS count,
              NULL::timestamptz AS since, NULL::timestamptz AS expected_at,
              coalesce((SELECT sum(amount) FROM open WHERE outgoing), 0)::text AS outgoing
       UNION ALL
       (SELECT false, amount::text, '1', since, expected_at, '0' FROM incoming
         ORDER BY expected_at ASC NULLS LAST, since, movement_id LIMIT $4)`,
      [scope.businessId, scope.mode, scope.currency, listed],
    );
    const summary = rows.find((row) => row.summary)!;
    return {
      incoming: BigInt(summary.amount),
      incomingCount: Number(summary.count),
      outgoing: BigInt(summary.outgoing),
      due: rows
        .filter((row) => !row.summary)
        .map((row) => ({ amount: BigInt(row.amount), since: row.since!, expectedAt: row.expected_at })),
    };
  }

  /** Movements with money still in HOLDING: payments not yet settled and payouts in flight. */
  async *openMovements(scope: JournalScope): AsyncGenerator<OpenMovementRow[]> {
    const pages = this.cursor<{
      movement_id: string;
      first_kind: string;
      stream_name: string;
      since: Date;
      amount: string;
      expected_at: Date | null;
    }>(
      `SELECT m.movement_id, m.first_kind, m.stream_name, m.since, m.amount::text AS amount, j.due_at AS expected_at
         FROM (SELECT t.movement_id,
                      (array_agg(t.kind ORDER BY t.log_commit, t.log_prepare))[1]        AS first_kind,
                      (array_agg(t.stream_name ORDER BY t.log_commit, t.log_prepare))[1] AS stream_name,
                      min(t.occurred_at) AS since,
                      sum(e.amount) AS amount
                 FROM ledger_transactions t JOIN ledger_entries e ON e.event_id = t.event_id AND e.account = 'HOLDING'
                WHERE t.business_id = $1 AND t.mode = $2 AND t.currency = $3
                GROUP BY t.movement_id
               HAVING sum(e.amount) <> 0) m
         LEFT JOIN scheduled_jobs j ON j.job_key = $4::text || m.movement_id AND j.status = 'pending'
        ORDER BY m.since, m.movement_id`,
      [scope.businessId, scope.mode, scope.currency, SETTLEMENT_JOB_KEYS.prefix],
    );
    for await (const page of pages) {
      yield page.map((row) => ({
        movementId: row.movement_id,
        direction: row.first_kind.startsWith('MoneyOut') ? 'OUTGOING' : 'INCOMING',
        kind: row.first_kind,
        streamName: row.stream_name,
        since: row.since,
        amount: BigInt(row.amount),
        expectedAt: row.expected_at,
      }));
    }
  }

  private async *cursor<R>(text: string, values: unknown[]): AsyncGenerator<R[]> {
    const client: PoolClient = await this.pool.connect();
    // Held across yields, idle while the caller writes a page: a lost connection must fail this
    // read, not crash the process.
    const guard = guardConnection(client);
    let open = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      open = true;
      await client.query(`DECLARE journal_page NO SCROLL CURSOR FOR ${text}`, values);
      for (;;) {
        const { rows } = await client.query<R & object>(`FETCH ${JOURNAL_PAGE_ROWS} FROM journal_page`);
        if (rows.length === 0) break;
        yield rows;
        if (rows.length < JOURNAL_PAGE_ROWS) break;
      }
      await client.query('COMMIT');
      open = false;
    } catch (error) {
      guard.fail(error as Error);
      throw error;
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      guard.release();
    }
  }
}
