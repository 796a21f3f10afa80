import { comparePositions, EVENT_STORE, type EventStore, type GlobalPosition } from '@gateway/event-store';
import { AppConfig } from '@gateway/config';
import { withPooledClient } from '@gateway/database';
import { readCheckpoint } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool, type PoolClient } from 'pg';
import { LEDGER_PROJECTION } from '../../read-models/ledger-journal.projection';
import { ReconcileLedgerQuery } from './reconcile-ledger.query';
import type { ReconciliationDifference, ReconciliationReport } from './reconciliation-report';
import { ScratchLedger } from './scratch-ledger';

const PAGE = 5000;

/**
 * Reconciliation (design §6): in one snapshot of the journal, (1) every balance equals the sum of
 * its entries, (2) every transaction sums to zero; then (3) the log, replayed up to the journal's
 * checkpoint into a scratch ledger, gives the same balances, and (4) in that replay, in log
 * order, no account that must not go negative (CASH, HOLDING) ever did (issue 18: consistent is
 * not enough, an overdraft is consistent too).
 */
@QueryHandler(ReconcileLedgerQuery)
export class ReconcileLedgerHandler implements IQueryHandler<ReconcileLedgerQuery, ReconciliationReport> {
  constructor(
    private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly config: AppConfig,
  ) {}

  async execute(query: ReconcileLedgerQuery): Promise<ReconciliationReport> {
    const started = Date.now();
    const scope = query.scope;
    const differences: ReconciliationDifference[] = [];
    const journal = await withPooledClient(this.pool, async (client) => {
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const read = await this.readJournal(client, scope, differences);
        await client.query('COMMIT');
        return read;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });

    const scratch = new ScratchLedger(scope);
    if (journal.asOf) await this.replay(scratch, journal.asOf, query);
    const keys = new Set([...journal.balances.keys(), ...scratch.balances.keys()]);
    for (const key of [...keys].sort()) {
      const expected = scratch.balances.get(key) ?? 0n;
      const actual = journal.balances.get(key) ?? 0n;
      if (expected === actual) continue;
      const [businessId, mode, currency, account] = key.split('|');
      differences.push({
        check: 'replay_matches_journal',
        businessId,
        mode,
        currency,
        account,
        expected: expected.toString(),
        actual: actual.toString(),
      });
    }
    return {
      ok: differences.length === 0 && scratch.overdraftCount === 0,
      scope,
      asOf: journal.asOf ? { commit: journal.asOf.commit.toString(), prepare: journal.asOf.prepare.toString() } : null,
      accounts: journal.balances.size,
      transactions: journal.transactions,
      entries: journal.entries,
      eventsReplayed: scratch.events,
      differences,
      overdrafts: scratch.overdrafts,
      overdraftCount: scratch.overdraftCount,
      durationMs: Date.now() - started,
    };
  }

  private async readJournal(
    client: PoolClient,
    scope: ReconcileLedgerQuery['scope'],
    differences: ReconciliationDifference[],
  ) {
    const checkpoint = await readCheckpoint(client, LEDGER_PROJECTION);
    const asOf: GlobalPosition | null = checkpoint && checkpoint.position.commit > 0n ? checkpoint.position : null;
    const filter = `($1::text IS NULL OR business_id = $1) AND ($2::text IS NULL OR mode = $2)`;
    const params = [scope.businessId ?? null, scope.mode ?? null];

    const balances = new Map<string, bigint>();
    const balanceRows = await client.query<{
      business_id: string;
      mode: string;
      currency: string;
      account: string;
      balance: string;
      summed: string | null;
    }>(
      `SELECT b.business_id, b.mode, b.currency, b.account, b.balance::text AS balance, e.summed::text AS summed
         FROM (SELECT * FROM ledger_balances WHERE ${filter}) b
         FULL JOIN (SELECT business_id, mode, currency, account, ` +
        `sum(amount) AS summed FROM ledger_entries WHERE ${filter}
                     GROUP BY business_id, mode, currency, account) e
           USING (business_id, mode, currency, account)`,
      params,
    );
    for (const row of balanceRows.rows) {
      const balance = BigInt(row.balance ?? '0');
      const summed = BigInt(row.summed ?? '0');
      balances.set(ScratchLedger.key(row.business_id, row.mode, row.currency, row.account), balance);
      if (balance !== summed || row.balance === null) {
        differences.push({
          check: 'balance_equals_entries',
          businessId: row.business_id,
          mode: row.mode,
          currency: row.currency,
          account: row.account,
          expected: summed.toString(),
          actual: row.balance === null ? '(no balance row)' : balance.toString(),
        });
      }
    }

    const unbalanced = await client.query<{
      event_id: string;
      business_id: string;
      mode: string;
      currency: string;
      total: string;
    }>(
      `SELECT event_id, min(business_id) AS business_id, min(mode) AS mode, min(currency) AS currency, ` +
        `sum(amount)::text AS total
         FROM ledger_entries WHERE ${filter} GROUP BY event_id HAVING sum(amount) <> 0`,
      params,
    );
    for (const row of unbalanced.rows) {
      differences.push({
        check: 'transaction_sums_to_zero',
        businessId: row.business_id,
        mode: row.mode,
        currency: row.currency,
        eventId: row.event_id,
        expected: '0',
        actual: row.total,
      });
    }
    const counts = await client.query<{ transactions: string; entries: string }>(
      `SELECT (SELECT count(*) FROM ledger_transactions WHERE ${filter})::text AS transactions,
              (SELECT count(*) FROM ledger_entries WHERE ${filter})::text AS entries`,
      params,
    );
    return {
      asOf,
      balances,
      transactions: Number(counts.rows[0].transactions),
      entries: Number(counts.rows[0].entries),
    };
  }

  private async replay(scratch: ScratchLedger, asOf: GlobalPosition, query: ReconcileLedgerQuery): Promise<void> {
    const total =
      this.config.EVENT_STORE === 'postgres'
        ? Number((await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0].n)
        : undefined;
    let after: GlobalPosition | undefined;
    let read = 0;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      if (page.length === 0) return;
      for (const event of page) {
        if (comparePositions(event.position, asOf) > 0) {
          query.onProgress?.({ read, total });
          return;
        }
        scratch.apply(event);
      }
      read += page.length;
      after = page[page.length - 1].position;
      query.onProgress?.({ read, total });
    }
  }
}
