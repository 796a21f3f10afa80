import { DomainError, invalidField } from '@gateway/domain';

export const LedgerErrors = {
  testModeOnly: () =>
    new DomainError('TEST_MODE_ONLY_ERROR', 'Balance top-ups simulate an incoming payment and exist in test mode only: use a test-mode (development) key'),
  invalidAmount: () => invalidField(['amount'], 'amount must be a positive whole number of minor units', 'isMoneyAmount'),
  alreadyToppedUp: (topUpId: string) => new DomainError('API_VALIDATION_ERROR', `Top-up ${topUpId} already exists`),
  currencyRequired: (currencies: string[]) =>
    invalidField(['currency'], `This business holds several currencies (${currencies.join(', ')}): name one with currency`, 'isDefined', 'query'),
};
