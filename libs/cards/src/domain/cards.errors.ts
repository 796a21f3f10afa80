import { badRequest, defineErrors, invalidField, notFound, requestTimeout, serviceUnavailable } from '@gateway/domain';

/**
 * Every error code of the spec's tokenization, charge, capture, get-charge and refund tables, with its status. Messages
 * never carry card data.
 */
export const CardErrors = defineErrors('cards', {
  accountNumberInvalid: badRequest('ACCOUNT_NUMBER_INVALID_ERROR', 'The card number is not a valid card number'),
  validation: badRequest('VALIDATION_ERROR', (message: string) => message),
  brandNotSupported: badRequest(
    'BRAND_NOT_SUPPORTED_ERROR',
    'This card brand is not supported: use a VISA or MASTERCARD card',
  ),
  /** Well-formed data the card network refuses (spec: "invalid data sent to the processor"): an expiry in the past. */
  cardExpired: badRequest(
    'CREDIT_CARD_DATA_ERROR',
    'The card network refused the card data: the card has expired (card_exp_month/card_exp_year)',
  ),
  /** The issuer's 3DS never answers (the spec's timing-out test cards): nothing is recorded, the payer may retry. */
  verificationTimeout: requestTimeout(
    'VERIFICATION_TIMEOUT_ERROR',
    'The card network did not answer the 3DS verification in time: try again, or use another card',
  ),
  authenticationRequired: badRequest(
    'AUTHENTICATION_REQUIRED_ERROR',
    'There is no valid authentication for this token and the account does not allow optional authentication',
  ),
  amountRequiredForAuthentication: badRequest('VALIDATION_ERROR', 'amount is required to authenticate the card'),

  tokenNotFound: notFound('TOKEN_NOT_FOUND_ERROR', 'No card token exists with that id'),
  invalidTokenId: badRequest('INVALID_TOKEN_ID_ERROR', 'token_id is not a valid token id'),
  tokenAlreadyUsed: badRequest('TOKEN_ALREADY_USED_ERROR', 'This single-use token has already been charged'),
  authenticationNotFound: notFound('AUTHENTICATION_NOT_FOUND_ERROR', 'No authentication of this token has that id'),
  invalidAuthenticationId: badRequest(
    'INVALID_AUTHENTICATION_ID_ERROR',
    'authentication_id is not a valid authentication id',
  ),
  authenticationAlreadyUsed: badRequest(
    'AUTHENTICATION_ALREADY_USED_ERROR',
    'This authentication has already been used for a charge',
  ),
  authenticationIdMissing: badRequest(
    'AUTHENTICATION_ID_MISSING_ERROR',
    'authentication_id is required: authenticate the token with createAuthentication first',
  ),
  amountGreaterThanAuthenticated: badRequest(
    'AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR',
    (authenticated: number) => `The amount is above the authenticated amount (${authenticated})`,
  ),
  invalidCvnLength: badRequest(
    'INVALID_CVN_LENGTH_ERROR',
    (length: number) => `card_cvn must be ${length} digits for this card brand`,
  ),
  authenticationNotPending: badRequest(
    'INVALID_AUTHENTICATION_STATUS_ERROR',
    'This authentication is no longer waiting for the payer',
  ),

  chargeNotFound: notFound('CREDIT_CARD_CHARGE_NOT_FOUND_ERROR', 'No card charge exists with that id'),
  amountGreaterThanAuthorized: badRequest(
    'AMOUNT_GREATER_THAN_AUTHORIZED_ERROR',
    (authorized: number) => `The capture amount is above the authorized amount (${authorized})`,
  ),
  invalidChargeStatus: badRequest(
    'INVALID_CHARGE_STATUS_ERROR',
    (status: string, wanted: string) => `The charge is ${status}: only a ${wanted} charge can do that`,
  ),
  invalidAmount: (field = 'amount') =>
    invalidField([field], `${field} must be a positive whole number`, 'isMoneyAmount'),

  refundAmountExceeded: badRequest(
    'REFUND_AMOUNT_EXCEEDED_ERROR',
    (refundable: number) => `The refund is above what remains refundable on this charge (${refundable})`,
  ),
  duplicateRefund: badRequest(
    'DUPLICATE_REFUND_ERROR',
    'A refund with this external_id already exists for this charge',
  ),
  refundNotPending: badRequest('INVALID_REFUND_STATUS_ERROR', 'This refund has already been processed'),

  liveNetworkUnavailable: serviceUnavailable(
    'TEMPORARY_SERVICE_ERROR',
    'No card network is configured for live mode (this gateway ships no card processor)',
  ),
});

export const CARD_ERROR_CODES = CardErrors.catalogue;
