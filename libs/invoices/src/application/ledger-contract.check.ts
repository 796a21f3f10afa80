import type { MoneyInReceived as LedgerMoneyInReceived } from '@gateway/ledger';
import type { MoneyInReceived } from '../domain/money-in.events';

/** Compile-time only: the invoice's MoneyInReceived is the ledger contract's, both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const INVOICE_MONEY_IN_CONFORMS: Same<MoneyInReceived, LedgerMoneyInReceived> = true;
