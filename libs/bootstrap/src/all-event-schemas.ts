import { BUSINESS_EVENT_SCHEMAS } from '@gateway/accounts';
import { CARD_CHARGE_EVENT_SCHEMAS, CARD_TOKEN_EVENT_SCHEMAS } from '@gateway/cards';
import { CUSTOMER_EVENT_SCHEMAS, CUSTOMER_REFERENCE_EVENT_SCHEMAS } from '@gateway/customers';
import { DASHBOARD_TEAM_EVENT_SCHEMAS } from '@gateway/dashboard';
import { DISBURSEMENT_EVENT_SCHEMAS } from '@gateway/disbursements';
import { type EventSchemaDeclaration, MONEY_MOVEMENT_EVENT_SCHEMAS } from '@gateway/domain';
import { EventSchemaRegistry } from '@gateway/event-store';
import { EWALLET_PAYMENT_EVENT_SCHEMAS } from '@gateway/ewallets';
import { FILE_EVENT_SCHEMAS } from '@gateway/files';
import { INVOICE_EVENT_SCHEMAS, INVOICE_PAGE_KEY_EVENT_SCHEMAS, POOL_NUMBER_EVENT_SCHEMAS } from '@gateway/invoices';
import { BALANCE_EVENT_SCHEMAS } from '@gateway/ledger';
import { PAYMENT_CODE_EVENT_SCHEMAS } from '@gateway/payment-codes';
import { RECURRING_EVENT_SCHEMAS } from '@gateway/recurring';
import { REPORT_EVENT_SCHEMAS } from '@gateway/reports';
import { CUSTOMER_VIRTUAL_ACCOUNT_EVENT_SCHEMAS, VIRTUAL_ACCOUNT_EVENT_SCHEMAS } from '@gateway/virtual-accounts';
import { CALLBACK_TEST_EVENT_SCHEMAS } from '@gateway/webhooks';

/**
 * Every event type the gateway writes, with its current schema version and upcasters, as each
 * owner declares them next to its events (`*.events.ts`). A type missing here is written without
 * a version and never upcast; the fixture replay test (test/event-fixtures.e2e-spec.ts) fails
 * for a declared type without a first-version fixture.
 */
export const allEventSchemas: readonly EventSchemaDeclaration[] = [
  MONEY_MOVEMENT_EVENT_SCHEMAS,
  BUSINESS_EVENT_SCHEMAS,
  CALLBACK_TEST_EVENT_SCHEMAS,
  REPORT_EVENT_SCHEMAS,
  FILE_EVENT_SCHEMAS,
  CUSTOMER_EVENT_SCHEMAS,
  CUSTOMER_REFERENCE_EVENT_SCHEMAS,
  BALANCE_EVENT_SCHEMAS,
  DISBURSEMENT_EVENT_SCHEMAS,
  VIRTUAL_ACCOUNT_EVENT_SCHEMAS,
  CUSTOMER_VIRTUAL_ACCOUNT_EVENT_SCHEMAS,
  PAYMENT_CODE_EVENT_SCHEMAS,
  CARD_TOKEN_EVENT_SCHEMAS,
  CARD_CHARGE_EVENT_SCHEMAS,
  EWALLET_PAYMENT_EVENT_SCHEMAS,
  INVOICE_EVENT_SCHEMAS,
  POOL_NUMBER_EVENT_SCHEMAS,
  INVOICE_PAGE_KEY_EVENT_SCHEMAS,
  RECURRING_EVENT_SCHEMAS,
  DASHBOARD_TEAM_EVENT_SCHEMAS,
];

/** The registry the app's event store uses; throws (and so stops startup) on a gap in any upcaster chain. */
export function eventSchemaRegistry(): EventSchemaRegistry {
  return EventSchemaRegistry.fromDeclarations(allEventSchemas);
}
