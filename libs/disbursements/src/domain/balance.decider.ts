import { assertNever, type Decider } from '@gateway/domain';
import { DisbursementErrors } from './disbursement.errors';
import type { BalanceEvent } from './balance.events';
import type { DisbursementSnapshot } from './disbursement.events';

export type BalanceCommand =
  | { type: 'CreditBalance'; movementId: string; sourceEventId: string; currency: string; amount: number }
  | { type: 'DebitBalance'; movementId: string; sourceEventId: string; currency: string; amount: number }
  /** All or nothing: a batch reserves every item or none. */
  | { type: 'ReserveMoneyOut'; currency: string; items: DisbursementSnapshot[]; now: Date }
  | { type: 'CompleteMoneyOut'; movementId: string; currency: string; amount: number; now: Date }
  | { type: 'FailMoneyOut'; movementId: string; currency: string; amount: number; failureCode: string; now: Date };

export interface BalanceState {
  /** Settled money not reserved: what disbursements may draw on (the journal's CASH). */
  available: bigint;
  /** Reserved for money out still in flight. */
  inFlight: bigint;
}

/**
 * The no-overdraft rule (design §4): one stream per business, mode and currency, appended with
 * the expected revision, so two reservations decided on the same state cannot both commit.
 * Idempotency of credits and outcomes is the caller's: each carries a deterministic event id.
 */
export const balanceDecider: Decider<BalanceCommand, BalanceState, BalanceEvent> = {
  initialState: { available: 0n, inFlight: 0n },

  decide(command, state) {
    switch (command.type) {
      case 'CreditBalance':
      case 'DebitBalance':
        if (!Number.isSafeInteger(command.amount) || command.amount < 0) throw DisbursementErrors.invalidAmount();
        return [
          {
            type: command.type === 'CreditBalance' ? 'BalanceCredited' : 'BalanceDebited',
            data: { movementId: command.movementId, sourceEventId: command.sourceEventId, currency: command.currency, amount: command.amount },
          },
        ];
      case 'ReserveMoneyOut': {
        const requested = command.items.reduce((total, item) => total + BigInt(item.amount), 0n);
        if (command.items.length === 0 || command.items.some((item) => !Number.isSafeInteger(item.amount) || item.amount <= 0)) {
          throw DisbursementErrors.invalidAmount();
        }
        if (requested > state.available) throw DisbursementErrors.insufficientBalance(state.available, requested);
        return command.items.map((item) => ({
          type: 'MoneyOutReserved' as const,
          data: { movementId: item.disbursementId, currency: command.currency, amount: item.amount, reservedAt: command.now.toISOString(), disbursement: item },
        }));
      }
      case 'CompleteMoneyOut':
        return [
          { type: 'MoneyOutCompleted', data: { movementId: command.movementId, currency: command.currency, amount: command.amount, completedAt: command.now.toISOString() } },
        ];
      case 'FailMoneyOut':
        return [
          {
            type: 'MoneyOutFailed',
            data: { movementId: command.movementId, currency: command.currency, amount: command.amount, failureCode: command.failureCode, failedAt: command.now.toISOString() },
          },
        ];
      default:
        return assertNever(command, 'balance command');
    }
  },

  evolve(state, event) {
    const amount = BigInt(event.data.amount);
    switch (event.type) {
      case 'BalanceCredited':
        return { ...state, available: state.available + amount };
      case 'BalanceDebited':
        return { ...state, available: state.available - amount };
      case 'MoneyOutReserved':
        return { available: state.available - amount, inFlight: state.inFlight + amount };
      case 'MoneyOutCompleted':
        return { ...state, inFlight: state.inFlight - amount };
      case 'MoneyOutFailed':
        return { available: state.available + amount, inFlight: state.inFlight - amount };
      default:
        return assertNever(event, 'balance event');
    }
  },
};
