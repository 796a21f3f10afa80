import type { DomainEvent } from '@gateway/domain';

/**
 * The ledger contract's `MoneyInReceived` (docs/ledger.md §1), declared here because domain/
 * imports nothing outside its context; application/ledger-contract.check.ts fails the build if
 * it drifts from `@gateway/ledger`.
 */
export type MoneyInReceived = DomainEvent<
  'MoneyInReceived',
  {
    movementId: string;
    source: { context: string; resourceId: string };
    channel: string;
    currency: string;
    grossAmount: number;
    fee: number;
    feeTax: number;
    settledBySource: boolean;
    receivedAt: string;
  }
>;
