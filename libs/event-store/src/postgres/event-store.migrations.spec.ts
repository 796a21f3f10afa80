import { createHash } from 'node:crypto';
import { eventStoreMigrations } from './event-store.migrations';

// The migrator refuses a migration whose SQL changed after it was applied, so these checksums, the ones
// deployed databases hold, must never move; the SQL of es_append_batch is assembled from shared pieces
// (append-batch.sql.ts), and this is what keeps an edit to a piece from reaching an applied version.
const APPLIED_CHECKSUMS: Record<number, string> = {
  1: '746926ac8535536e57a97cd7e6614ce58cc768ed7fe512813fd3c159fe0c0226',
  2: '55ab66cacdca987188603ebacf4e674bceca43ca5cc5cc14b0b002ae5f1d7e01',
  3: '06f2d792263be34d38f77f9202b679b117b60666775c622836a6677d4839d48c',
  4: 'c2ac522e99353f5d87ec2b03d87124661b2d2249df9e5193e8ec5c5386f95747',
  5: '90d748c68d2b194e3564672c26376a20a58b49c90f25c020db186e719673060f',
  6: '15f2a26bf59cbce8aee34f445e957d6887e8be01b913c9bc39d1eefd173ba89a',
};

describe('event-store migrations', () => {
  it('keep, byte for byte, the SQL that deployed databases applied', () => {
    const checksums = Object.fromEntries(
      eventStoreMigrations.migrations
        .filter((migration) => migration.version in APPLIED_CHECKSUMS)
        .map((migration) => [migration.version, createHash('sha256').update(migration.sql).digest('hex')]),
    );
    expect(checksums).toEqual(APPLIED_CHECKSUMS);
  });
});
