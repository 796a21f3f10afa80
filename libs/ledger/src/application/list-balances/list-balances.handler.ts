import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { MERCHANT_ACCOUNTS, type MerchantAccount } from '../../domain/ledger-accounts';
import { type CurrencyBalances, ListBalancesQuery } from './list-balances.query';

@QueryHandler(ListBalancesQuery)
export class ListBalancesHandler implements IQueryHandler<ListBalancesQuery, CurrencyBalances[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: ListBalancesQuery): Promise<CurrencyBalances[]> {
    const { rows } = await this.pool.query<{ currency: string; account: MerchantAccount; balance: string }>(
      `SELECT currency, account, balance::text AS balance FROM ledger_balances
        WHERE business_id = $1 AND mode = $2 AND account = ANY($3::text[]) ORDER BY currency`,
      [query.businessId, query.mode, MERCHANT_ACCOUNTS],
    );
    const byCurrency = new Map<string, CurrencyBalances>();
    for (const row of rows) {
      const entry = byCurrency.get(row.currency) ?? {
        currency: row.currency,
        balances: { CASH: 0n, HOLDING: 0n, TAX: 0n },
      };
      entry.balances[row.account] = BigInt(row.balance);
      byCurrency.set(row.currency, entry);
    }
    return [...byCurrency.values()];
  }
}
