import { defineErrors, DomainError, invalidField, shared, withCodes } from '@gateway/domain';

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
  /** The balance cannot cover a money-out: always an InsufficientBalanceError, which callers recognise. */
  insufficientBalance: withCodes(
    { INSUFFICIENT_BALANCE: { status: 400 } },
    () => (available: bigint, requested: bigint) => new InsufficientBalanceError(available, requested),
  ),
});

export const LEDGER_ERROR_CODES = LedgerErrors.catalogue;

/**
 * The balance cannot cover a money-out. Each context answers it in its own words (a disbursement:
 * `DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR`; a refund fails with `INSUFFICIENT_BALANCE`),
 * so callers recognise it by class, not by code. Defined here, with its code, so that the ledger's
 * one factory of `INSUFFICIENT_BALANCE` cannot make a plain DomainError of it.
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
