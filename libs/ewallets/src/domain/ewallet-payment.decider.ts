import { assertNever, type Decider } from '@gateway/domain';
import type { MoneyInReceived } from './money-in-received';
import { EwalletErrors } from './ewallet.errors';
import type { EwalletPaymentEvent, EwalletPaymentSnapshot } from './ewallet-payment.events';
import { AMOUNT_BOUNDS } from './ewallet-types';

export interface RequestEwalletPayment {
  type: 'RequestEwalletPayment';
  /** Everything but `requestedAt`, which is `now`. */
  payment: Omit<EwalletPaymentSnapshot, 'requestedAt'>;
  now: Date;
}

/** The payer paid (OVO: approved the push; DANA, LINKAJA: paid on the checkout page). */
export interface CompleteEwalletPayment {
  type: 'CompleteEwalletPayment';
  /** From `feeFor` with the business's fee schedule for the wallet's channel (the handler looks it up). */
  fee: number;
  feeTax: number;
  now: Date;
}

/** The payer or the provider said no (OVO failures; LINKAJA payer cancelled). */
export interface FailEwalletPayment {
  type: 'FailEwalletPayment';
  failureCode: string;
  now: Date;
}

/** The checkout's time ran out (DANA `expiration_date`, LINKAJA checkout lifetime). */
export interface ExpireEwalletPayment {
  type: 'ExpireEwalletPayment';
  now: Date;
}

export type EwalletPaymentCommand =
  RequestEwalletPayment | CompleteEwalletPayment | FailEwalletPayment | ExpireEwalletPayment;

export type EwalletPaymentStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export type EwalletPaymentState =
  | { status: 'NONE' }
  | { status: EwalletPaymentStatus; payment: EwalletPaymentSnapshot; failureCode?: string; decidedAt?: string };

/**
 * One eWallet payment request (states in docs/decisions.md, "eWallets"):
 *   (new) --request--> PENDING --payer pays--> COMPLETED (+ MoneyInReceived)
 *                      PENDING --payer/provider refuses--> FAILED   (OVO; LINKAJA cancelled)
 *                      PENDING --checkout time runs out--> EXPIRED  (DANA, LINKAJA)
 * COMPLETED, FAILED and EXPIRED are final.
 */
export const ewalletPaymentDecider: Decider<
  EwalletPaymentCommand,
  EwalletPaymentState,
  EwalletPaymentEvent | MoneyInReceived
> = {
  initialState: { status: 'NONE' },

  decide(command, state) {
    switch (command.type) {
      case 'RequestEwalletPayment':
        return request(command, state);
      case 'CompleteEwalletPayment': {
        const pending = requirePending(state, 'paid');
        if (pending.payment.expiresAt && command.now.getTime() >= Date.parse(pending.payment.expiresAt))
          throw EwalletErrors.expired();
        const at = command.now.toISOString();
        const { payment } = pending;
        const completed: EwalletPaymentEvent = { type: 'EwalletPaymentCompleted', data: { payment, completedAt: at } };
        // Money counted once: the claiming context (an invoice) appends the ledger's fact.
        if (payment.moneyRecordedBy) return [completed];
        return [
          completed,
          {
            type: 'MoneyInReceived',
            data: {
              movementId: payment.paymentId,
              source: { context: 'ewallets', resourceId: payment.paymentId },
              channel: payment.ewalletType,
              currency: payment.currency,
              grossAmount: payment.amount,
              fee: command.fee,
              feeTax: command.feeTax,
              settledBySource: false,
              receivedAt: at,
            },
          },
        ];
      }
      case 'FailEwalletPayment': {
        const pending = requirePending(state, 'failed');
        // DANA knows only PAID and EXPIRED (gaps.md callback): its checkout cannot fail.
        if (pending.payment.ewalletType === 'DANA') throw EwalletErrors.invalidStatus('PENDING', 'failed for DANA');
        return [
          {
            type: 'EwalletPaymentFailed',
            data: { payment: pending.payment, failureCode: command.failureCode, failedAt: command.now.toISOString() },
          },
        ];
      }
      case 'ExpireEwalletPayment': {
        const pending = requirePending(state, 'expired');
        // OVO's time limit is the payer's authorization window, a failure of its own.
        if (!pending.payment.expiresAt)
          throw EwalletErrors.invalidStatus('PENDING', `expired for ${pending.payment.ewalletType}`);
        if (command.now.getTime() < Date.parse(pending.payment.expiresAt))
          throw EwalletErrors.notExpiredYet(pending.payment.expiresAt);
        return [
          { type: 'EwalletPaymentExpired', data: { payment: pending.payment, expiredAt: command.now.toISOString() } },
        ];
      }
      default:
        return assertNever(command, 'eWallet payment command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'EwalletPaymentRequested':
        return { status: 'PENDING', payment: event.data };
      case 'EwalletPaymentCompleted':
        return { status: 'COMPLETED', payment: event.data.payment, decidedAt: event.data.completedAt };
      case 'EwalletPaymentFailed':
        return {
          status: 'FAILED',
          payment: event.data.payment,
          failureCode: event.data.failureCode,
          decidedAt: event.data.failedAt,
        };
      case 'EwalletPaymentExpired':
        return { status: 'EXPIRED', payment: event.data.payment, decidedAt: event.data.expiredAt };
      case 'MoneyInReceived':
        return state; // the ledger's half of the completion
      default:
        return assertNever(event, 'eWallet payment event');
    }
  },
};

function request(command: RequestEwalletPayment, state: EwalletPaymentState): EwalletPaymentEvent[] {
  const { payment, now } = command;
  if (state.status !== 'NONE') throw EwalletErrors.duplicate(payment.ewalletType, payment.externalId);
  const bounds = AMOUNT_BOUNDS[payment.ewalletType];
  if (!Number.isSafeInteger(payment.amount) || payment.amount < bounds.min || payment.amount > bounds.max) {
    throw EwalletErrors.invalidRequest('amount', `amount must be a whole number from ${bounds.min} to ${bounds.max}`);
  }
  if (payment.expiresAt !== undefined && !(Date.parse(payment.expiresAt) > now.getTime())) {
    throw EwalletErrors.invalidRequest('expiration_date', 'expiration_date must be in the future');
  }
  return [{ type: 'EwalletPaymentRequested', data: { ...payment, requestedAt: now.toISOString() } }];
}

function requirePending(
  state: EwalletPaymentState,
  action: string,
): Extract<EwalletPaymentState, { payment: EwalletPaymentSnapshot }> {
  if (state.status === 'NONE') throw EwalletErrors.notFound();
  if (state.status !== 'PENDING') throw EwalletErrors.invalidStatus(state.status, action);
  return state;
}
