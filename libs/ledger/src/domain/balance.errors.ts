import { invalidField } from '@gateway/domain';
import { LEDGER_ERROR_CODES, LedgerErrors } from './ledger.errors';

export { InsufficientBalanceError } from './ledger.errors';

export const BalanceErrors = {
  insufficientBalance: LedgerErrors.insufficientBalance,
  invalidAmount: () => invalidField(['amount'], 'amount must be a positive whole number', 'isMoneyAmount'),
  invalidItems: () =>
    LEDGER_ERROR_CODES.error('API_VALIDATION_ERROR', 'A reservation needs at least one item and each movement id once'),
};
