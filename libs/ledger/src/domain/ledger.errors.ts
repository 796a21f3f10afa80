import { badRequest, defineErrors, invalidField, shared } from '@gateway/domain';

export const LedgerErrors = defineErrors('ledger', {
  testModeOnly: shared(
    'TEST_MODE_ONLY_ERROR',
    'Balance top-ups simulate an incoming payment and exist in test mode only: use a test-mode (development) key',
  ),
  invalidAmount: () =>
    invalidField(['amount'], 'amount must be a positive whole number of minor units', 'isMoneyAmount'),
  alreadyToppedUp: shared('API_VALIDATION_ERROR', (topUpId: string) => `Top-up ${topUpId} already exists`),
  currencyRequired: (currencies: string[]) =>
    invalidField(
      ['currency'],
      `This business holds several currencies (${currencies.join(', ')}): name one with currency`,
      'isDefined',
      'query',
    ),
  /**
   * The balance cannot cover a money-out (InsufficientBalanceError, balance.errors.ts, writes its message); contexts
   * usually answer it in their own words.
   */
  insufficientBalance: badRequest('INSUFFICIENT_BALANCE'),
});

export const LEDGER_ERROR_CODES = LedgerErrors.catalogue;
