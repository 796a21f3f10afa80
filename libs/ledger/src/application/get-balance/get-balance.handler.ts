import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { LedgerErrors } from '../../domain/ledger.errors';
import { MERCHANT_ACCOUNTS } from '../../domain/ledger-accounts';
import { type BalanceView, GetBalanceQuery } from './get-balance.query';

/** The currency a business without any money is shown in. */
export const DEFAULT_CURRENCY = 'IDR';

@QueryHandler(GetBalanceQuery)
export class GetBalanceHandler implements IQueryHandler<GetBalanceQuery, BalanceView> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetBalanceQuery): Promise<BalanceView> {
    const { rows } = await this.pool.query<{ currency: string; account: string; balance: string }>({
      name: 'ledger_merchant_balances',
      text: `SELECT currency, account, balance::text AS balance FROM ledger_balances
              WHERE business_id = $1 AND mode = $2 AND account = ANY($3::text[])`,
      values: [query.businessId, query.mode, MERCHANT_ACCOUNTS],
    });
    const held = [...new Set(rows.map((row) => row.currency))].sort();
    let currency = query.currency;
    if (currency === undefined) {
      if (held.length > 1) throw LedgerErrors.currencyRequired(held);
      currency = held[0] ?? DEFAULT_CURRENCY;
    }
    const row = rows.find((r) => r.currency === currency && r.account === query.accountType);
    return { currency, accountType: query.accountType, balance: BigInt(row?.balance ?? '0') };
  }
}
