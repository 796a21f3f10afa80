/** The ledger contract's `MoneyInReceived` (docs/ledger.md §1), from the shared kernel. */
export type { MoneyInReceived } from '@gateway/domain';
