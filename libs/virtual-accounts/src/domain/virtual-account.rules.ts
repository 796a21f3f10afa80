import type { VaBank } from './va-banks';
import { VirtualAccountErrors } from './virtual-account.errors';

/** Exclusive upper bound of `expected_amount` (spec: below 1,000,000,000). */
export const MAX_EXPECTED_AMOUNT = 1_000_000_000;

export interface AmountTerms {
  isClosed: boolean;
  expectedAmount?: number;
  suggestedAmount?: number;
}

/** The amount rules shared by create and update, checked on the account as it would be after the change. */
export function checkAmountTerms(bank: VaBank, terms: AmountTerms): void {
  if (terms.isClosed && !bank.supportsClosed) throw VirtualAccountErrors.closedNotSupported(bank.code);
  if (terms.isClosed && terms.expectedAmount === undefined) throw VirtualAccountErrors.expectedAmountRequired();
  if (terms.expectedAmount !== undefined) {
    if (terms.expectedAmount <= 0) throw VirtualAccountErrors.minimumExpectedAmount();
    if (terms.expectedAmount >= MAX_EXPECTED_AMOUNT) throw VirtualAccountErrors.maximumExpectedAmount();
  }
  if (terms.suggestedAmount !== undefined) {
    if (!bank.supportsSuggestedAmount)
      throw VirtualAccountErrors.suggestedAmountNotSupported(`suggested_amount is not available for ${bank.code}`);
    if (terms.isClosed)
      throw VirtualAccountErrors.suggestedAmountNotSupported(
        'suggested_amount cannot be used on a closed account: it accepts expected_amount only',
      );
    if (terms.suggestedAmount <= 0 || terms.suggestedAmount >= MAX_EXPECTED_AMOUNT) {
      throw VirtualAccountErrors.suggestedAmountNotSupported(
        'suggested_amount must be above 0 and below 1,000,000,000',
      );
    }
  }
}
