import { DomainError, invalidField } from '@gateway/domain';

/** Every error code of the spec's tokenization, charge, capture, get-charge and refund tables. Messages never carry card data. */
export const CardErrors = {
  accountNumberInvalid: () => new DomainError('ACCOUNT_NUMBER_INVALID_ERROR', 'The card number is not a valid card number'),
  validation: (message: string) => new DomainError('VALIDATION_ERROR', message),
  brandNotSupported: () => new DomainError('BRAND_NOT_SUPPORTED_ERROR', 'This card brand is not supported: use a VISA or MASTERCARD card'),
  /** Well-formed data the card network refuses (spec: "invalid data sent to the processor"): an expiry in the past. */
  cardExpired: () => new DomainError('CREDIT_CARD_DATA_ERROR', 'The card network refused the card data: the card has expired (card_exp_month/card_exp_year)'),
  /** The issuer's 3DS never answers (the spec's timing-out test cards): nothing is recorded, the payer may retry. */
  verificationTimeout: () => new DomainError('VERIFICATION_TIMEOUT_ERROR', 'The card network did not answer the 3DS verification in time: try again, or use another card'),
  authenticationRequired: () =>
    new DomainError('AUTHENTICATION_REQUIRED_ERROR', 'There is no valid authentication for this token and the account does not allow optional authentication'),
  amountRequiredForAuthentication: () => new DomainError('VALIDATION_ERROR', 'amount is required to authenticate the card'),

  tokenNotFound: () => new DomainError('TOKEN_NOT_FOUND_ERROR', 'No card token exists with that id'),
  invalidTokenId: () => new DomainError('INVALID_TOKEN_ID_ERROR', 'token_id is not a valid token id'),
  tokenAlreadyUsed: () => new DomainError('TOKEN_ALREADY_USED_ERROR', 'This single-use token has already been charged'),
  authenticationNotFound: () => new DomainError('AUTHENTICATION_NOT_FOUND_ERROR', 'No authentication of this token has that id'),
  invalidAuthenticationId: () => new DomainError('INVALID_AUTHENTICATION_ID_ERROR', 'authentication_id is not a valid authentication id'),
  authenticationAlreadyUsed: () => new DomainError('AUTHENTICATION_ALREADY_USED_ERROR', 'This authentication has already been used for a charge'),
  authenticationIdMissing: () =>
    new DomainError('AUTHENTICATION_ID_MISSING_ERROR', 'authentication_id is required: authenticate the token with createAuthentication first'),
  amountGreaterThanAuthenticated: (authenticated: number) =>
    new DomainError('AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR', `The amount is above the authenticated amount (${authenticated})`),
  invalidCvnLength: (length: number) => new DomainError('INVALID_CVN_LENGTH_ERROR', `card_cvn must be ${length} digits for this card brand`),
  authenticationNotPending: () => new DomainError('INVALID_AUTHENTICATION_STATUS_ERROR', 'This authentication is no longer waiting for the payer'),

  chargeNotFound: () => new DomainError('CREDIT_CARD_CHARGE_NOT_FOUND_ERROR', 'No card charge exists with that id'),
  amountGreaterThanAuthorized: (authorized: number) =>
    new DomainError('AMOUNT_GREATER_THAN_AUTHORIZED_ERROR', `The capture amount is above the authorized amount (${authorized})`),
  invalidChargeStatus: (status: string, wanted: string) =>
    new DomainError('INVALID_CHARGE_STATUS_ERROR', `The charge is ${status}: only a ${wanted} charge can do that`),
  invalidAmount: (field = 'amount') => invalidField([field], `${field} must be a positive whole number`, 'isMoneyAmount'),

  refundAmountExceeded: (refundable: number) =>
    new DomainError('REFUND_AMOUNT_EXCEEDED_ERROR', `The refund is above what remains refundable on this charge (${refundable})`),
  duplicateRefund: () => new DomainError('DUPLICATE_REFUND_ERROR', 'A refund with this external_id already exists for this charge'),
  refundNotPending: () => new DomainError('INVALID_REFUND_STATUS_ERROR', 'This refund has already been processed'),

  liveNetworkUnavailable: () =>
    new DomainError('TEMPORARY_SERVICE_ERROR', 'No card network is configured for live mode (this gateway ships no card processor)'),
};
