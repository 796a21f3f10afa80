/**
 * The simulated OVO network of test mode (design §9): the payer's phone number decides what the
 * payer and the provider do with the push notification, and after how long (on the business's
 * clock). Documented in docs/decisions.md, "eWallets", with the same table.
 */
export const OVO_FAILURE_CODES = [
  'USER_DID_NOT_AUTHORIZE_THE_PAYMENT',
  'USER_DECLINED_THE_TRANSACTION',
  'PHONE_NUMBER_NOT_REGISTERED',
  'EWALLET_APP_UNREACHABLE',
  'WALLETA_TIMEOUT_ERROR',
  'CREDENTIALS_ERROR',
  'ACCOUNT_AUTHENTICATION_ERROR',
  'ACCOUNT_BLOCKED_ERROR',
] as const;
export type OvoFailureCode = (typeof OVO_FAILURE_CODES)[number];

/** How long an OVO payer has to authorize the push in the app before the request fails. */
export const OVO_AUTHORIZATION_WINDOW_MS = 30_000;

export type OvoOutcome = { status: 'COMPLETED' } | { status: 'FAILED'; failureCode: OvoFailureCode };

export interface OvoDecision {
  outcome: OvoOutcome;
  /** After the request, on the business's clock. */
  afterMs: number;
}

/** A payer whose payment fails with `failureCode`, `afterMs` after the request. */
function failing(failureCode: OvoFailureCode, afterMs = 0): OvoDecision {
  return { outcome: { status: 'FAILED', failureCode }, afterMs };
}

/** Magic phone numbers of test mode; any other valid number pays. */
export const OVO_TEST_PHONES: Readonly<Record<string, OvoDecision>> = {
  '081200000001': failing('USER_DID_NOT_AUTHORIZE_THE_PAYMENT', OVO_AUTHORIZATION_WINDOW_MS),
  '081200000002': failing('USER_DECLINED_THE_TRANSACTION'),
  '081200000003': failing('PHONE_NUMBER_NOT_REGISTERED'),
  '081200000004': failing('EWALLET_APP_UNREACHABLE'),
  '081200000005': failing('WALLETA_TIMEOUT_ERROR', OVO_AUTHORIZATION_WINDOW_MS),
  '081200000006': failing('CREDENTIALS_ERROR'),
  '081200000007': failing('ACCOUNT_AUTHENTICATION_ERROR'),
  '081200000008': failing('ACCOUNT_BLOCKED_ERROR'),
  /** A payer who takes 20 s (inside the window) and then approves. */
  '081200000009': { outcome: { status: 'COMPLETED' }, afterMs: 20_000 },
};

export function simulatedOvoDecision(phone: string): OvoDecision {
  return OVO_TEST_PHONES[phone] ?? { outcome: { status: 'COMPLETED' }, afterMs: 0 };
}

/** The answer a failure gives (2019-02-04 error message, and for auditors). */
export const OVO_FAILURE_MESSAGES: Readonly<Record<OvoFailureCode, string>> = {
  USER_DID_NOT_AUTHORIZE_THE_PAYMENT: 'The payer did not authorize the payment within the time limit',
  USER_DECLINED_THE_TRANSACTION: 'The payer declined the payment',
  PHONE_NUMBER_NOT_REGISTERED: 'The phone number is not registered to an OVO account',
  EWALLET_APP_UNREACHABLE: 'The provider cannot reach the OVO app (for example it was uninstalled)',
  WALLETA_TIMEOUT_ERROR: 'The connection between the OVO app and the provider timed out',
  CREDENTIALS_ERROR: 'The merchant is not registered at the provider',
  ACCOUNT_AUTHENTICATION_ERROR: 'The payer could not be authenticated',
  ACCOUNT_BLOCKED_ERROR: "The payer's OVO account is blocked",
};

/** LINKAJA: the provider cannot issue a checkout token for this phone (GENERATE_CHECKOUT_TOKEN_ERROR). */
export const LINKAJA_CHECKOUT_TOKEN_FAILURE_PHONE = '081299999999';
