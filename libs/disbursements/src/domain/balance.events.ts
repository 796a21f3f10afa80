import type { DomainEvent } from '@gateway/domain';
import type { DisbursementSnapshot } from './disbursement.events';

/**
 * The balance aggregate's events (stream `balance-<business>.<mode>.<currency>`). The three
 * `MoneyOut*` events are the ledger contract's money-out events (checked against
 * `@gateway/ledger`'s types in application/ledger-contract.check.ts).
 */
export type BalanceCredited = DomainEvent<'BalanceCredited', { movementId: string; sourceEventId: string; currency: string; amount: number }>;
export type BalanceDebited = DomainEvent<'BalanceDebited', { movementId: string; sourceEventId: string; currency: string; amount: number }>;
export type MoneyOutReserved = DomainEvent<
  'MoneyOutReserved',
  { movementId: string; currency: string; amount: number; reservedAt: string; disbursement: DisbursementSnapshot }
>;
export type MoneyOutCompleted = DomainEvent<'MoneyOutCompleted', { movementId: string; currency: string; amount: number; completedAt: string }>;
export type MoneyOutFailed = DomainEvent<
  'MoneyOutFailed',
  { movementId: string; currency: string; amount: number; failureCode: string; failedAt: string }
>;

export type BalanceEvent = BalanceCredited | BalanceDebited | MoneyOutReserved | MoneyOutCompleted | MoneyOutFailed;

export const balanceStream = (businessId: string, mode: 'test' | 'live', currency: string) => `balance-${businessId}.${mode}.${currency}`;
