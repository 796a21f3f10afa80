import { ACCOUNT_ERROR_CODES } from '@gateway/accounts';
import { AUDIT_ERROR_CODES } from '@gateway/audit';
import { CARD_ERROR_CODES } from '@gateway/cards';
import { CUSTOMER_ERROR_CODES } from '@gateway/customers';
import { DASHBOARD_PAGE_ERROR_CODES, DASHBOARD_TEAM_ERROR_CODES } from '@gateway/dashboard';
import { DISBURSEMENT_ERROR_CODES } from '@gateway/disbursements';
import { type ErrorCatalogue, SHARED_ERROR_CODES } from '@gateway/domain';
import { EVENT_STORE_ERROR_CODES } from '@gateway/event-store';
import { EWALLET_ERROR_CODES } from '@gateway/ewallets';
import { FILE_ERROR_CODES } from '@gateway/files';
import { INVOICE_ERROR_CODES } from '@gateway/invoices';
import { LEDGER_ERROR_CODES } from '@gateway/ledger';
import { PAYMENT_CHANNEL_ERROR_CODES } from '@gateway/payment-channels';
import { PAYMENT_CODE_ERROR_CODES } from '@gateway/payment-codes';
import { EDGE_ERROR_CODES, registerErrorCatalogues } from '@gateway/http-edge';
import { RECURRING_ERROR_CODES } from '@gateway/recurring';
import { REPORT_ERROR_CODES } from '@gateway/reports';
import { VIRTUAL_ACCOUNT_ERROR_CODES } from '@gateway/virtual-accounts';
import { WEBHOOK_ERROR_CODES } from '@gateway/webhooks';

/**
 * Every catalogue of error codes the app may answer with, as each context declares them next to
 * its errors. The edge's registry, the OpenAPI document and test/error-codes.e2e-spec.ts read
 * this list; a context with errors that is missing here shows up in that test.
 */
export const allErrorCatalogues: readonly ErrorCatalogue[] = [
  SHARED_ERROR_CODES,
  EDGE_ERROR_CODES,
  EVENT_STORE_ERROR_CODES,
  ACCOUNT_ERROR_CODES,
  WEBHOOK_ERROR_CODES,
  PAYMENT_CHANNEL_ERROR_CODES,
  REPORT_ERROR_CODES,
  FILE_ERROR_CODES,
  CUSTOMER_ERROR_CODES,
  LEDGER_ERROR_CODES,
  DISBURSEMENT_ERROR_CODES,
  VIRTUAL_ACCOUNT_ERROR_CODES,
  PAYMENT_CODE_ERROR_CODES,
  CARD_ERROR_CODES,
  AUDIT_ERROR_CODES,
  EWALLET_ERROR_CODES,
  INVOICE_ERROR_CODES,
  RECURRING_ERROR_CODES,
  DASHBOARD_TEAM_ERROR_CODES,
  DASHBOARD_PAGE_ERROR_CODES,
];

/** Builds the API-wide registry; two catalogues giving one code two statuses fail here, at start-up. */
export function installErrorCatalogues(): void {
  registerErrorCatalogues(allErrorCatalogues);
}
