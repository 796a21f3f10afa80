import type { DomainEvent } from '@gateway/domain';

/**
 * The ledger contract's `MoneyInReceived` (docs/ledger.md §1), restated here because domain code
 * imports no other context; application/ledger-contract.check.ts fails the build if it drifts.
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
