import { assertNever, type Decider } from '@gateway/domain';
import type { DisbursementFailureCode } from './bank-rail-simulator';
import {
  accountNumberDigits,
  bankByCode,
  INSTANT_TRANSFER_MAXIMUM,
  OTHER_BANKS_MAXIMUM,
  OTHER_BANKS_MINIMUM,
} from './banks';
import { DisbursementErrors } from './disbursement.errors';
import type { DisbursementEvent, DisbursementSnapshot } from './disbursement.events';

export type DisbursementCommand =
  | {
      type: 'CreateDisbursement';
      disbursementId: string;
      businessId: string;
      mode: 'test' | 'live';
      externalId: string;
      amount: number;
      bankCode: string;
      accountHolderName: string;
      accountNumber: string;
      /** The request's, else the business's default; undefined when neither exists. */
      description: string | undefined;
      batchId?: string;
      /** A batch item: the batch's `reference` and the item's position in it (for GET /batch_disbursements/{id}). */
      batchItem?: { reference: string; index: number };
      now: Date;
    }
  | { type: 'CompleteDisbursement'; now: Date }
  | { type: 'FailDisbursement'; failureCode: DisbursementFailureCode; now: Date };

export type DisbursementStatus = 'PENDING' | 'COMPLETED' | 'FAILED';
export type DisbursementState = { status: 'none' } | { status: DisbursementStatus; snapshot: DisbursementSnapshot };

export const DISBURSEMENT_CURRENCY = 'IDR';

/**
 * A disbursement: (new) → PENDING → COMPLETED | FAILED (spec "States and transitions"). The
 * funds were reserved on the balance aggregate before creation; completing or failing here is
 * what settles that reservation (the balance process manager follows these events).
 */
export const disbursementDecider: Decider<DisbursementCommand, DisbursementState, DisbursementEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateDisbursement': {
        if (state.status !== 'none') throw DisbursementErrors.alreadyExists(command.disbursementId);
        const bank = bankByCode(command.bankCode);
        if (!bank) throw DisbursementErrors.bankNotSupported(command.bankCode);
        if (!Number.isSafeInteger(command.amount) || command.amount <= 0) throw DisbursementErrors.invalidAmount();
        if (
          bank.exactAccountDigits !== undefined &&
          accountNumberDigits(command.accountNumber) !== bank.exactAccountDigits
        ) {
          throw DisbursementErrors.accountNumber(bank.code, bank.exactAccountDigits);
        }
        if (bank.group === 'other' && command.amount < OTHER_BANKS_MINIMUM)
          throw DisbursementErrors.amountBelowMinimum(bank.code, OTHER_BANKS_MINIMUM);
        if (bank.group === 'other' && command.amount > OTHER_BANKS_MAXIMUM)
          throw DisbursementErrors.amountAboveMaximum(bank.code, OTHER_BANKS_MAXIMUM);
        if (command.description === undefined) throw DisbursementErrors.descriptionNotFound();
        return [
          {
            type: 'DisbursementCreated',
            data: {
              disbursementId: command.disbursementId,
              businessId: command.businessId,
              mode: command.mode,
              externalId: command.externalId,
              amount: command.amount,
              currency: DISBURSEMENT_CURRENCY,
              bankCode: bank.code,
              accountHolderName: command.accountHolderName,
              accountNumber: command.accountNumber,
              description: command.description,
              isInstant: command.amount <= INSTANT_TRANSFER_MAXIMUM,
              ...(command.batchId !== undefined && { batchId: command.batchId }),
              ...(command.batchItem !== undefined && {
                batchReference: command.batchItem.reference,
                batchIndex: command.batchItem.index,
              }),
              createdAt: command.now.toISOString(),
              status: 'PENDING',
            },
          },
        ];
      }
      case 'CompleteDisbursement': {
        const snapshot = pendingSnapshot(state);
        return [
          {
            type: 'DisbursementCompleted',
            data: { ...snapshot, status: 'COMPLETED', completedAt: command.now.toISOString() },
          },
        ];
      }
      case 'FailDisbursement': {
        const snapshot = pendingSnapshot(state);
        return [
          {
            type: 'DisbursementFailed',
            data: {
              ...snapshot,
              status: 'FAILED',
              failureCode: command.failureCode,
              failedAt: command.now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command, 'disbursement command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DisbursementCreated':
        return { status: 'PENDING', snapshot: toSnapshot(event.data) };
      case 'DisbursementCompleted':
        return state.status === 'none' ? state : { ...state, status: 'COMPLETED' };
      case 'DisbursementFailed':
        return state.status === 'none' ? state : { ...state, status: 'FAILED' };
      default:
        return assertNever(event, 'disbursement event');
    }
  },
};

function pendingSnapshot(state: DisbursementState): DisbursementSnapshot {
  if (state.status === 'none') throw DisbursementErrors.notFound('(unknown)');
  if (state.status !== 'PENDING') throw DisbursementErrors.notPending(state.snapshot.disbursementId, state.status);
  return state.snapshot;
}

function toSnapshot(data: DisbursementSnapshot & { status: string }): DisbursementSnapshot {
  const { status: _status, ...snapshot } = data;
  return snapshot;
}
