import { defineErrorCodes, invalidField } from '@gateway/domain';

/** The codes of the spec's tokenization, charge, capture, get-charge and refund tables, with their statuses. */
export const CARD_ERROR_CODES = defineErrorCodes('cards', {
  ACCOUNT_NUMBER_INVALID_ERROR: { status: 400 },
  VALIDATION_ERROR: { status: 400 },
  BRAND_NOT_SUPPORTED_ERROR: { status: 400 },
  CREDIT_CARD_DATA_ERROR: { status: 400 },
  AUTHENTICATION_REQUIRED_ERROR: { status: 400 },
  VERIFICATION_TIMEOUT_ERROR: { status: 408 },
  TEMPORARY_SERVICE_ERROR: { status: 503 },
  TOKEN_ALREADY_USED_ERROR: { status: 400 },
  AUTHENTICATION_ALREADY_USED_ERROR: { status: 400 },
  INVALID_TOKEN_ID_ERROR: { status: 400 },
  INVALID_CVN_LENGTH_ERROR: { status: 400 },
  AUTHENTICATION_ID_MISSING_ERROR: { status: 400 },
  AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR: { status: 400 },
  INVALID_AUTHENTICATION_ID_ERROR: { status: 400 },
  TOKEN_NOT_FOUND_ERROR: { status: 404 },
  AUTHENTICATION_NOT_FOUND_ERROR: { status: 404 },
  INVALID_AUTHENTICATION_STATUS_ERROR: { status: 400 },
  AMOUNT_GREATER_THAN_AUTHORIZED_ERROR: { status: 400 },
  INVALID_CHARGE_STATUS_ERROR: { status: 400 },
  CREDIT_CARD_CHARGE_NOT_FOUND_ERROR: { status: 404 },
  REFUND_AMOUNT_EXCEEDED_ERROR: { status: 400 },
  DUPLICATE_REFUND_ERROR: { status: 400 },
  INVALID_REFUND_STATUS_ERROR: { status: 400 },
});

const errorOf = CARD_ERROR_CODES.error.bind(CARD_ERROR_CODES);

/**
 * Every error code of the spec's tokenization, charge, capture, get-charge and refund tables. Messages never carry card
 * data.
 */
export const CardErrors = {
  accountNumberInvalid: () => errorOf('ACCOUNT_NUMBER_INVALID_ERROR', 'The card number is not a valid card number'),
  validation: (message: string) => errorOf('VALIDATION_ERROR', message),
  brandNotSupported: () =>
    errorOf('BRAND_NOT_SUPPORTED_ERROR', 'This card brand is not supported: use a VISA or MASTERCARD card'),
  /** Well-formed data the card network refuses (spec: "invalid data sent to the processor"): an expiry in the past. */
  cardExpired: () =>
    errorOf(
      'CREDIT_CARD_DATA_ERROR',
      'The card network refused the card data: the card has expired (card_exp_month/card_exp_year)',
    ),
  /** The issuer's 3DS never answers (the spec's timing-out test cards): nothing is recorded, the payer may retry. */
  verificationTimeout: () =>
    errorOf(
      'VERIFICATION_TIMEOUT_ERROR',
      'The card network did not answer the 3DS verification in time: try again, or use another card',
    ),
  authenticationRequired: () =>
    errorOf(
      'AUTHENTICATION_REQUIRED_ERROR',
      'There is no valid authentication for this token and the account does not allow optional authentication',
    ),
  amountRequiredForAuthentication: () => errorOf('VALIDATION_ERROR', 'amount is required to authenticate the card'),

  tokenNotFound: () => errorOf('TOKEN_NOT_FOUND_ERROR', 'No card token exists with that id'),
  invalidTokenId: () => errorOf('INVALID_TOKEN_ID_ERROR', 'token_id is not a valid token id'),
  tokenAlreadyUsed: () => errorOf('TOKEN_ALREADY_USED_ERROR', 'This single-use token has already been charged'),
  authenticationNotFound: () =>
    errorOf('AUTHENTICATION_NOT_FOUND_ERROR', 'No authentication of this token has that id'),
  invalidAuthenticationId: () =>
    errorOf('INVALID_AUTHENTICATION_ID_ERROR', 'authentication_id is not a valid authentication id'),
  authenticationAlreadyUsed: () =>
    errorOf('AUTHENTICATION_ALREADY_USED_ERROR', 'This authentication has already been used for a charge'),
  authenticationIdMissing: () =>
    errorOf(
      'AUTHENTICATION_ID_MISSING_ERROR',
      'authentication_id is required: authenticate the token with createAuthentication first',
    ),
  amountGreaterThanAuthenticated: (authenticated: number) =>
    errorOf(
      'AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR',
      `The amount is above the authenticated amount (${authenticated})`,
    ),
  invalidCvnLength: (length: number) =>
    errorOf('INVALID_CVN_LENGTH_ERROR', `card_cvn must be ${length} digits for this card brand`),
  authenticationNotPending: () =>
    errorOf('INVALID_AUTHENTICATION_STATUS_ERROR', 'This authentication is no longer waiting for the payer'),

  chargeNotFound: () => errorOf('CREDIT_CARD_CHARGE_NOT_FOUND_ERROR', 'No card charge exists with that id'),
  amountGreaterThanAuthorized: (authorized: number) =>
    errorOf(
      'AMOUNT_GREATER_THAN_AUTHORIZED_ERROR',
      `The capture amount is above the authorized amount (${authorized})`,
    ),
  invalidChargeStatus: (status: string, wanted: string) =>
    errorOf('INVALID_CHARGE_STATUS_ERROR', `The charge is ${status}: only a ${wanted} charge can do that`),
  invalidAmount: (field = 'amount') =>
    invalidField([field], `${field} must be a positive whole number`, 'isMoneyAmount'),

  refundAmountExceeded: (refundable: number) =>
    errorOf(
      'REFUND_AMOUNT_EXCEEDED_ERROR',
      `The refund is above what remains refundable on this charge (${refundable})`,
    ),
  duplicateRefund: () =>
    errorOf('DUPLICATE_REFUND_ERROR', 'A refund with this external_id already exists for this charge'),
  refundNotPending: () => errorOf('INVALID_REFUND_STATUS_ERROR', 'This refund has already been processed'),

  liveNetworkUnavailable: () =>
    errorOf(
      'TEMPORARY_SERVICE_ERROR',
      'No card network is configured for live mode (this gateway ships no card processor)',
    ),
};
