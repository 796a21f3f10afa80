import { allErrorCatalogues } from '@gateway/bootstrap';
import { type OpenApiDocument, registeredErrorCodes } from '@gateway/http-edge';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Every `error_code` the API can answer, with its status and the catalogues that declare it
 * (`defineErrors` in each context's errors; the app's list is
 * libs/bootstrap/src/all-error-codes.ts). A change of status, a new code or a removed one shows
 * here first: update the table with the change, and the API reference follows by itself.
 */
const ERROR_CODES: Readonly<Record<string, readonly [status: number, declaredBy: string]>> = {
  ACCOUNT_AUTHENTICATION_ERROR: [400, 'ewallets'],
  ACCOUNT_BLOCKED_ERROR: [400, 'ewallets'],
  ACCOUNT_NUMBER_INVALID_ERROR: [400, 'cards'],
  AMOUNT_GREATER_THAN_AUTHENTICATED_ERROR: [400, 'cards'],
  AMOUNT_GREATER_THAN_AUTHORIZED_ERROR: [400, 'cards'],
  API_KEY_ALREADY_REVOKED_ERROR: [409, 'accounts'],
  API_KEY_NOT_FOUND_ERROR: [404, 'accounts'],
  API_VALIDATION_ERROR: [400, 'shared'],
  API_VERSION_NOT_SUPPORTED_ERROR: [400, 'http-edge'],
  AUTHENTICATION_ALREADY_USED_ERROR: [400, 'cards'],
  AUTHENTICATION_ID_MISSING_ERROR: [400, 'cards'],
  AUTHENTICATION_NOT_FOUND_ERROR: [404, 'cards'],
  AUTHENTICATION_REQUIRED_ERROR: [400, 'cards'],
  AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR: [404, 'invoices, payment-codes'],
  BANK_CODE_NOT_SUPPORTED_ERROR: [400, 'disbursements'],
  BANK_NOT_SUPPORTED_ERROR: [400, 'virtual-accounts'],
  BRAND_NOT_SUPPORTED_ERROR: [400, 'cards'],
  BUSINESS_ALREADY_REGISTERED_ERROR: [409, 'accounts'],
  BUSINESS_NOT_FOUND_ERROR: [404, 'accounts'],
  CALLBACK_DELIVERY_IN_PROGRESS_ERROR: [409, 'webhooks'],
  CALLBACK_DELIVERY_NOT_FOUND_ERROR: [404, 'webhooks'],
  CALLBACK_URL_NOT_FOUND_ERROR: [404, 'webhooks'],
  CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: [404, 'invoices, virtual-accounts'],
  CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR: [404, 'virtual-accounts'],
  CARD_PAYMENT_FAILED_ERROR: [400, 'invoices'],
  CHANNEL_NOT_ACTIVATED: [403, 'payment-channels'],
  CLOSED_VA_NOT_SUPPORTED_ERROR: [400, 'virtual-accounts'],
  CONCURRENT_UPDATE_ERROR: [409, 'event-store'],
  CREDENTIALS_ERROR: [400, 'ewallets'],
  CREDIT_CARD_CHARGE_NOT_FOUND_ERROR: [404, 'cards'],
  CREDIT_CARD_DATA_ERROR: [400, 'cards'],
  DASHBOARD_CSRF_ERROR: [403, 'dashboard-pages'],
  DASHBOARD_EMAIL_TAKEN_ERROR: [409, 'dashboard'],
  DASHBOARD_FORM_ALREADY_USED_ERROR: [409, 'dashboard-pages'],
  DASHBOARD_FORM_IN_PROGRESS_ERROR: [409, 'dashboard-pages'],
  DASHBOARD_INVALID_CODE_ERROR: [401, 'dashboard'],
  DASHBOARD_INVALID_CREDENTIALS_ERROR: [401, 'dashboard'],
  DASHBOARD_LAST_ADMIN_ERROR: [409, 'dashboard'],
  DASHBOARD_NOT_FOUND_ERROR: [404, 'dashboard-pages'],
  DASHBOARD_RESET_LINK_INVALID_ERROR: [410, 'dashboard'],
  DASHBOARD_SIGN_IN_THROTTLED_ERROR: [429, 'dashboard'],
  DASHBOARD_TWO_FACTOR_REQUIRED_ERROR: [409, 'dashboard'],
  DASHBOARD_USER_NOT_FOUND_ERROR: [404, 'dashboard'],
  DATA_NOT_FOUND: [404, 'shared'],
  DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR: [400, 'disbursements'],
  DIRECT_DISBURSEMENT_NOT_FOUND_ERROR: [404, 'disbursements'],
  DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR: [400, 'disbursements'],
  DISBURSEMENT_RAIL_UNAVAILABLE_ERROR: [503, 'disbursements'],
  DUPLICATE_ERROR: [409, 'customers'],
  DUPLICATE_INVOICE_ERROR: [400, 'invoices'],
  DUPLICATE_PAYMENT: [400, 'ewallets'],
  DUPLICATE_PAYMENT_CODE_ERROR: [400, 'payment-codes'],
  DUPLICATE_PAYMENT_ERROR: [400, 'ewallets'],
  DUPLICATE_RECURRING_PAYMENT_ERROR: [400, 'recurring'],
  DUPLICATE_REFUND_ERROR: [400, 'cards'],
  DUPLICATE_TRANSACTION_ERROR: [400, 'disbursements'],
  EWALLET_APP_UNREACHABLE: [400, 'ewallets'],
  EWALLET_DECISION_TIMEOUT_ERROR: [504, 'ewallets'],
  EWALLET_NETWORK_UNAVAILABLE_ERROR: [503, 'ewallets'],
  EWALLET_PAYMENT_EXPIRED_ERROR: [400, 'ewallets'],
  EWALLET_PAYMENT_NOT_EXPIRED_ERROR: [400, 'ewallets'],
  EWALLET_TYPE_NOT_SUPPORTED: [422, 'ewallets'],
  EXPECTED_AMOUNT_MISMATCH_ERROR: [400, 'payment-codes, virtual-accounts'],
  EXPECTED_AMOUNT_REQUIRED_ERROR: [400, 'virtual-accounts'],
  EXPIRATION_DATE_INVALID_ERROR: [400, 'payment-codes, virtual-accounts'],
  FEATURE_NOT_AVAILABLE: [400, 'audit'],
  FILE_TOO_LARGE_EXCEEDED_ERROR: [413, 'files'],
  FIXED_PAYMENT_CODE_NOT_FOUND_ERROR: [404, 'payment-codes'],
  GENERATE_CHECKOUT_TOKEN_ERROR: [422, 'ewallets'],
  IDEMPOTENCY_KEY_IN_PROGRESS_ERROR: [409, 'http-edge'],
  IDEMPOTENCY_KEY_MISMATCH_ERROR: [400, 'http-edge'],
  INACTIVE_FIXED_PAYMENT_CODE_ERROR: [400, 'payment-codes'],
  INACTIVE_VIRTUAL_ACCOUNT_ERROR: [400, 'virtual-accounts'],
  INSUFFICIENT_BALANCE: [400, 'ledger'],
  INVALID_AMOUNT_ERROR: [400, 'invoices'],
  INVALID_API_KEY: [401, 'http-edge'],
  INVALID_AUTHENTICATION_ID_ERROR: [400, 'cards'],
  INVALID_AUTHENTICATION_STATUS_ERROR: [400, 'cards'],
  INVALID_CHARGE_STATUS_ERROR: [400, 'cards'],
  INVALID_CREDIT_CARD_TOKEN_ERROR: [400, 'recurring'],
  INVALID_CVN_LENGTH_ERROR: [400, 'cards'],
  INVALID_DISBURSEMENT_STATUS_ERROR: [409, 'disbursements'],
  INVALID_EWALLET_PAYMENT_STATUS_ERROR: [400, 'ewallets'],
  INVALID_JSON_FORMAT: [400, 'http-edge'],
  INVALID_RECURRING_PAYMENT_STATUS_ERROR: [400, 'recurring'],
  INVALID_REFUND_STATUS_ERROR: [400, 'cards'],
  INVALID_REPORT_LINK_ERROR: [403, 'reports'],
  INVALID_TOKEN_ID_ERROR: [400, 'cards'],
  INVOICE_NOT_FOUND_ERROR: [404, 'invoices'],
  INVOICE_NOT_PENDING_ERROR: [400, 'invoices'],
  MAXIMUM_EXPECTED_AMOUNT_ERROR: [400, 'payment-codes, virtual-accounts'],
  MAXIMUM_TRANSFER_AMOUNT_ERROR: [400, 'invoices'],
  MAXIMUM_TRANSFER_LIMIT_ERROR: [400, 'disbursements'],
  MINIMAL_TRANSFER_AMOUNT_ERROR: [400, 'invoices'],
  MINIMUM_EXPECTED_AMOUNT_ERROR: [400, 'payment-codes, virtual-accounts'],
  NO_COLLECTION_METHODS_ERROR: [400, 'invoices'],
  NOT_FOUND_ERROR: [404, 'shared'],
  WALLETA_TIMEOUT_ERROR: [400, 'ewallets'],
  PAYMENT_CODE_NOT_FOUND_ERROR: [404, 'invoices'],
  PAYMENT_CODE_OUTSIDE_RANGE: [400, 'payment-codes'],
  PAYMENT_METHOD_NOT_OFFERED_ERROR: [400, 'invoices'],
  PAYMENT_NOT_FOUND_ERROR: [404, 'ewallets'],
  PHONE_NUMBER_NOT_REGISTERED: [400, 'ewallets'],
  RATE_LIMIT_EXCEEDED: [429, 'http-edge'],
  RECIPIENT_ACCOUNT_NUMBER_ERROR: [400, 'disbursements'],
  RECIPIENT_AMOUNT_ERROR: [400, 'disbursements'],
  REFUND_AMOUNT_EXCEEDED_ERROR: [400, 'cards'],
  REPORT_LINK_EXPIRED_ERROR: [410, 'reports'],
  REPORT_NOT_FOUND_ERROR: [404, 'reports'],
  REPORT_NOT_READY_ERROR: [409, 'reports'],
  REPORT_NOT_RETRYABLE_ERROR: [409, 'reports'],
  REQUEST_ENTITY_TOO_LARGE: [413, 'http-edge'],
  REQUEST_FORBIDDEN_ERROR: [403, 'shared'],
  RETAIL_OUTLET_NOT_SUPPORTED_ERROR: [400, 'payment-codes'],
  SERVER_ERROR: [500, 'http-edge'],
  SERVICE_UNAVAILABLE: [503, 'http-edge'],
  SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR: [400, 'virtual-accounts'],
  TEMPORARY_SERVICE_ERROR: [503, 'cards'],
  TEST_MODE_ONLY_ERROR: [403, 'shared'],
  TLS_REQUIRED_ERROR: [403, 'http-edge'],
  TOKEN_ALREADY_USED_ERROR: [400, 'cards'],
  TOKEN_NOT_FOUND_ERROR: [404, 'cards'],
  UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR: [404, 'invoices, virtual-accounts'],
  UNSUPPORTED_CONTENT_TYPE_ERROR: [415, 'files, http-edge'],
  USER_DECLINED_THE_TRANSACTION: [400, 'ewallets'],
  USER_DID_NOT_AUTHORIZE_THE_PAYMENT: [400, 'ewallets'],
  VALIDATION_ERROR: [400, 'cards'],
  VERIFICATION_TIMEOUT_ERROR: [408, 'cards'],
  VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: [404, 'invoices'],
  VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE: [400, 'virtual-accounts'],
};

/**
 * Where an operation answers a code with another status than the API-wide one, and why. Nothing
 * else may differ: the document and the edge read one registry.
 */
const ROUTE_STATUSES: readonly { operation: string; code: string; status: number; why: string }[] = [
  {
    operation: 'createEwalletPayment',
    code: 'API_VALIDATION_ERROR',
    status: 422,
    why: 'spec eWallet tables: OVO and DANA validation is 422',
  },
  {
    operation: 'createEwalletPayment',
    code: 'DUPLICATE_ERROR',
    status: 400,
    why: "DANA's duplicate (local to ewallets); customers answer 409",
  },
];

/** Registered codes no API operation documents, and why (the dashboard's and payers' pages are not the API). */
const NOT_IN_THE_API: Readonly<Record<string, string>> = {
  BUSINESS_ALREADY_REGISTERED_ERROR: 'businesses are registered by the operator CLI, not through the API',
  BUSINESS_NOT_FOUND_ERROR: "operator CLI and dashboard user creation; an authenticated caller's business exists",
  CARD_PAYMENT_FAILED_ERROR: 'the hosted invoice page (/web/invoices) paying by card: a page, not the API',
  CONCURRENT_UPDATE_ERROR: 'any write, after its bounded retries under contention (docs/api-reference.md)',
  DUPLICATE_INVOICE_ERROR: "the invoice decider's guard; invoice ids are the gateway's own, never a caller's",
  EWALLET_PAYMENT_EXPIRED_ERROR: "the payer's checkout page and the expiry job",
  EWALLET_PAYMENT_NOT_EXPIRED_ERROR: "the payer's checkout page and the expiry job",
  INVALID_EWALLET_PAYMENT_STATUS_ERROR: "the payer's checkout page and the expiry job",
  INVALID_DISBURSEMENT_STATUS_ERROR: "the transfer job's guard against a second outcome (execute-transfer.job)",
  PAYMENT_CODE_NOT_FOUND_ERROR: 'simulateRetailPayment answers FIXED_PAYMENT_CODE_NOT_FOUND_ERROR in its place',
  PAYMENT_METHOD_NOT_OFFERED_ERROR: 'the hosted invoice page paying by card or eWallet: a page, not the API',
  VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: "the bank-transfer simulation answers its own account's not-found in its place",
  DASHBOARD_CSRF_ERROR: 'dashboard pages only',
  DASHBOARD_EMAIL_TAKEN_ERROR: 'dashboard pages only',
  DASHBOARD_FORM_ALREADY_USED_ERROR: 'dashboard pages only',
  DASHBOARD_FORM_IN_PROGRESS_ERROR: 'dashboard pages only',
  DASHBOARD_INVALID_CODE_ERROR: 'dashboard pages only',
  DASHBOARD_INVALID_CREDENTIALS_ERROR: 'dashboard pages only',
  DASHBOARD_LAST_ADMIN_ERROR: 'dashboard pages only',
  DASHBOARD_NOT_FOUND_ERROR: 'dashboard pages only',
  DASHBOARD_RESET_LINK_INVALID_ERROR: 'dashboard pages only',
  DASHBOARD_SIGN_IN_THROTTLED_ERROR: 'dashboard pages only',
  DASHBOARD_TWO_FACTOR_REQUIRED_ERROR: 'dashboard pages only',
  DASHBOARD_USER_NOT_FOUND_ERROR: 'dashboard pages only',
};

interface DocumentedError {
  operation: string;
  code: string;
  status: number;
}

/** An error response's schema: the shared `Error` narrowed to the status's codes. */
type ErrorSchema = { allOf?: { properties?: { error_code?: { enum?: string[] } } }[] };

/** Every (operation, error_code, status) the document lists. */
function documentedErrors(document: OpenApiDocument): DocumentedError[] {
  const found: DocumentedError[] = [];
  for (const byMethod of Object.values(document.paths)) {
    for (const operation of Object.values(byMethod)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema as ErrorSchema | undefined;
        const codes = schema?.allOf?.[1]?.properties?.error_code?.enum ?? [];
        expect(codes.length).toBeGreaterThan(0);
        const name = operation.operationId;
        for (const code of codes) found.push({ operation: name, code, status: Number(status) });
      }
    }
  }
  return found;
}

describe('error codes', () => {
  let gateway: TestApp;
  let documented: DocumentedError[];

  beforeAll(async () => {
    gateway = await startTestApp({ withWorker: false });
    const response = await fetch(`${gateway.baseUrl}/docs/openapi.json`);
    expect(response.status).toBe(200);
    documented = documentedErrors((await response.json()) as OpenApiDocument);
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('are the table above: each code once, with its status and the catalogues that declare it', () => {
    const entries = registeredErrorCodes().map(({ code, status, owners }) => [code, [status, owners.join(', ')]]);
    const registry = Object.fromEntries(entries);
    expect(registry).toEqual(ERROR_CODES);
  });

  it('come from the catalogues of the app list, every one of which declares at least one code', () => {
    const owners = new Set(Object.values(ERROR_CODES).flatMap(([, declaredBy]) => declaredBy.split(', ')));
    const unused = allErrorCatalogues.map(({ owner }) => owner).filter((owner) => !owners.has(owner));
    expect(unused).toEqual([]);
  });

  it('have in the OpenAPI document the status the edge answers with, but for the listed route rules', () => {
    const key = ({ operation, code, status }: DocumentedError) => `${operation} ${code} ${status}`;
    const differing = documented.filter(({ code, status }) => ERROR_CODES[code]?.[0] !== status);
    expect(differing.map(key).sort()).toEqual(ROUTE_STATUSES.map(key).sort());
  });

  it('each appear in at least one operation of the document, or are listed as not in the API with why', () => {
    const inDocument = new Set(documented.map(({ code }) => code));
    const missing = Object.keys(ERROR_CODES).filter((code) => !inDocument.has(code));
    expect(missing).toEqual(Object.keys(NOT_IN_THE_API).sort());
    // The list stays honest: a code listed as unreachable that the document shows is a stale entry.
    expect(Object.keys(NOT_IN_THE_API).filter((code) => inDocument.has(code) || !(code in ERROR_CODES))).toEqual([]);
  });
});
