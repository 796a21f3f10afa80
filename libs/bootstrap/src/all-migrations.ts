import { accountsMigrations } from '@gateway/accounts';
import { eventStoreMigrations } from '@gateway/event-store';
import { disbursementsMigrations } from '@gateway/disbursements';
import { ledgerMigrations } from '@gateway/ledger';
import { clockMigrations, idempotencyMigrations, type MigrationSet, rateLimitMigrations, schedulerMigrations } from '@gateway/platform';
import { projectionMigrations } from '@gateway/projections';

/** Every component's schema, in the order they depend on each other. */
export const allMigrations: MigrationSet[] = [
  eventStoreMigrations,
  projectionMigrations,
  clockMigrations,
  schedulerMigrations,
  idempotencyMigrations,
  accountsMigrations,
  rateLimitMigrations,
  ledgerMigrations,
  disbursementsMigrations,
];
