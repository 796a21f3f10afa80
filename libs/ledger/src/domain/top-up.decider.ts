import { assertNever, type Decider } from '@gateway/domain';
import { LedgerErrors } from './ledger.errors';
import type { MoneyInReceived, MoneyInSettled } from './money-movement.events';

export const TEST_TOPUP_CHANNEL = 'TEST_TOPUP';

export interface TopUpCommand {
  type: 'TopUpBalance';
  topUpId: string;
  mode: 'test' | 'live';
  currency: string;
  amount: number;
  channel: string;
  /** From `feeFor` with the business's schedule (the handler looks it up). */
  fee: number;
  feeTax: number;
  /** `immediate`: settled in the same append; `scheduled`: after the channel's settlement delay. */
  settlement: 'immediate' | 'scheduled';
  now: Date;
}

export type TopUpEvent = MoneyInReceived | MoneyInSettled;
export type TopUpState = { status: 'none' } | { status: 'received'; settled: boolean };

/**
 * A test-mode top-up: a simulated incoming payment. It emits exactly what a real money-in
 * context emits (the ledger contract), so it goes through the journal like any other money in.
 */
export const topUpDecider: Decider<TopUpCommand, TopUpState, TopUpEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    if (command.mode !== 'test') throw LedgerErrors.testModeOnly();
    if (state.status !== 'none') throw LedgerErrors.alreadyToppedUp(command.topUpId);
    if (!Number.isSafeInteger(command.amount) || command.amount <= 0) throw LedgerErrors.invalidAmount();
    const at = command.now.toISOString();
    const received: MoneyInReceived = {
      type: 'MoneyInReceived',
      data: {
        movementId: command.topUpId,
        source: { context: 'ledger.test-top-up', resourceId: command.topUpId },
        channel: command.channel,
        currency: command.currency,
        grossAmount: command.amount,
        fee: command.fee,
        feeTax: command.feeTax,
        settledBySource: command.settlement === 'immediate',
        receivedAt: at,
      },
    };
    if (command.settlement === 'scheduled') return [received];
    const net = command.amount - command.fee - command.feeTax;
    return [
      received,
      {
        type: 'MoneyInSettled',
        data: { movementId: command.topUpId, currency: command.currency, amount: net, settledAt: at },
      },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MoneyInReceived':
        return { status: 'received', settled: false };
      case 'MoneyInSettled':
        return state.status === 'received' ? { ...state, settled: true } : state;
      default:
        return assertNever(event, 'top-up event');
    }
  },
};

export const topUpStream = (topUpId: string) => `topup-${topUpId}`;
export const settlementStream = (movementId: string) => `settlement-${movementId}`;
