import { accountsMigrations } from '@gateway/accounts';
import { auditMigrations } from '@gateway/audit';
import { customersMigrations } from '@gateway/customers';
import { dashboardMigrations } from '@gateway/dashboard';
import { eventStoreMigrations } from '@gateway/event-store';
import { filesMigrations } from '@gateway/files';
import { disbursementsMigrations } from '@gateway/disbursements';
import { cardsMigrations } from '@gateway/cards';
import { ewalletsMigrations } from '@gateway/ewallets';
import { invoicesMigrations } from '@gateway/invoices';
import { recurringMigrations } from '@gateway/recurring';
import { ledgerMigrations } from '@gateway/ledger';
import { paymentCodesMigrations } from '@gateway/payment-codes';
import { virtualAccountsMigrations } from '@gateway/virtual-accounts';
import { clockMigrations } from '@gateway/clock';
import { type MigrationSet } from '@gateway/database';
import { idempotencyMigrations, rateLimitMigrations } from '@gateway/http-edge';
import { schedulerMigrations } from '@gateway/scheduler';
import { projectionMigrations } from '@gateway/projections';
import { reportsMigrations } from '@gateway/reports';
import { requestLogMigrations } from '@gateway/request-log';
import { webhooksMigrations } from '@gateway/webhooks';

/** Every component's schema, in the order they depend on each other. */
export const allMigrations: MigrationSet[] = [
  eventStoreMigrations,
  projectionMigrations,
  clockMigrations,
  schedulerMigrations,
  idempotencyMigrations,
  accountsMigrations,
  rateLimitMigrations,
  webhooksMigrations,
  reportsMigrations,
  filesMigrations,
  customersMigrations,
  ledgerMigrations,
  disbursementsMigrations,
  virtualAccountsMigrations,
  paymentCodesMigrations,
  cardsMigrations,
  auditMigrations,
  ewalletsMigrations,
  invoicesMigrations,
  recurringMigrations,
  dashboardMigrations,
  requestLogMigrations,
];
