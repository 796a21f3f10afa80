import { defineErrorCodes, invalidField } from '@gateway/domain';

export const LEDGER_ERROR_CODES = defineErrorCodes('ledger', {
  /** The balance cannot cover a money-out (balance.errors.ts); contexts usually answer it in their own words. */
  INSUFFICIENT_BALANCE: { status: 400 },
});

const errorOf = LEDGER_ERROR_CODES.error.bind(LEDGER_ERROR_CODES);

export const LedgerErrors = {
  testModeOnly: () =>
    errorOf(
      'TEST_MODE_ONLY_ERROR',
      'Balance top-ups simulate an incoming payment and exist in test mode only: use a test-mode (development) key',
    ),
  invalidAmount: () =>
    invalidField(['amount'], 'amount must be a positive whole number of minor units', 'isMoneyAmount'),
  alreadyToppedUp: (topUpId: string) => errorOf('API_VALIDATION_ERROR', `Top-up ${topUpId} already exists`),
  currencyRequired: (currencies: string[]) =>
    invalidField(
      ['currency'],
      `This business holds several currencies (${currencies.join(', ')}): name one with currency`,
      'isDefined',
      'query',
    ),
};
