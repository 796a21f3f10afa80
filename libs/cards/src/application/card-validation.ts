import {
  brandOf,
  type CardBrand,
  cvnLengthOf,
  isDigits,
  isExpired,
  MAIN_BRANDS,
  passesLuhn,
} from '../domain/card-number';
import { CardErrors } from '../domain/cards.errors';
import type { CardDataInput } from './tokenize-card/tokenize-card.command';

export interface ValidCard {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
}

/**
 * The spec's tokenization rules, in order: a card number (digits, 12-19, Luhn) else
 * ACCOUNT_NUMBER_INVALID_ERROR; a supported brand else BRAND_NOT_SUPPORTED_ERROR; expiry and CVN
 * in the right format (and the card not expired) else VALIDATION_ERROR. Spaces and dashes inside
 * the number are tolerated, as payers type them.
 */
export function validateCard(input: CardDataInput, now: Date, extraBrands: readonly CardBrand[]): ValidCard {
  const number = input.cardNumber.replace(/[ -]/g, '');
  if (!isDigits(number) || number.length < 12 || number.length > 19 || !passesLuhn(number))
    throw CardErrors.accountNumberInvalid();
  const brand = brandOf(number);
  if (!brand || !(MAIN_BRANDS.includes(brand) || extraBrands.includes(brand))) throw CardErrors.brandNotSupported();
  const month = input.expMonth.trim();
  const year = input.expYear.trim();
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12)
    throw CardErrors.validation('card_exp_month must be a month from 01 to 12');
  if (!/^(\d{2}|\d{4})$/.test(year)) throw CardErrors.validation('card_exp_year must be a year such as 2030');
  const expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  const expMonth = Number(month);
  if (isExpired(expMonth, expYear, now)) throw CardErrors.cardExpired();
  if (input.cvn !== undefined && (!isDigits(input.cvn) || input.cvn.length !== cvnLengthOf(brand))) {
    throw CardErrors.validation(`card_cvn must be ${cvnLengthOf(brand)} digits for this card`);
  }
  return { number, brand, expMonth, expYear };
}
