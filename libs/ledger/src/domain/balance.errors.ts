import { DomainError, invalidField } from '@gateway/domain';
import { LEDGER_ERROR_CODES } from './ledger.errors';

/**
 * The balance cannot cover a money-out. Each context answers it in its own words (a disbursement:
 * `DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR`; a refund fails with `INSUFFICIENT_BALANCE`),
 * so callers recognise it by class, not by code.
 */
export class InsufficientBalanceError extends DomainError {
  constructor(
    readonly available: bigint,
    readonly requested: bigint,
  ) {
    super(
      LEDGER_ERROR_CODES.code('INSUFFICIENT_BALANCE'),
      `Balance is too low: ${available} available, ${requested} requested`,
    );
    this.name = 'InsufficientBalanceError';
  }
}

export const BalanceErrors = {
  insufficientBalance: (available: bigint, requested: bigint) => new InsufficientBalanceError(available, requested),
  invalidAmount: () => invalidField(['amount'], 'amount must be a positive whole number', 'isMoneyAmount'),
  invalidItems: () =>
    LEDGER_ERROR_CODES.error('API_VALIDATION_ERROR', 'A reservation needs at least one item and each movement id once'),
};
