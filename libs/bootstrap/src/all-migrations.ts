import { accountsMigrations } from '@gateway/accounts';
import { customersMigrations } from '@gateway/customers';
import { dashboardMigrations } from '@gateway/dashboard';
import { eventStoreMigrations } from '@gateway/event-store';
import { filesMigrations } from '@gateway/files';
import { disbursementsMigrations } from '@gateway/disbursements';
import { ledgerMigrations } from '@gateway/ledger';
import { clockMigrations, idempotencyMigrations, type MigrationSet, rateLimitMigrations, schedulerMigrations } from '@gateway/platform';
import { projectionMigrations } from '@gateway/projections';
import { reportsMigrations } from '@gateway/reports';
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
  dashboardMigrations,
];
