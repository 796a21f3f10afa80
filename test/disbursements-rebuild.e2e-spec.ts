import { AdvanceTestClockCommand } from '@gateway/accounts';
import { DISBURSEMENTS_PROJECTION } from '@gateway/disbursements';
import { discoverProjections, readCheckpoint, resetProjection } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import { DiscoveryService } from '@nestjs/core';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const EXECUTE_TRANSFER_JOB = 'disbursements.execute-transfer';

describe('rebuilding the disbursements read model', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it(
    'replaying the log yields exactly the live table, ' +
      'and leaves no transfer job behind for answered disbursements',
    async () => {
      const merchant = await provisionBusiness(gateway.app);
      const key = merchant.test.secret_key;
      await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 5_000_000 } });
      const payout = (externalId: string, accountNumber: string, amount: number) =>
        call(gateway.baseUrl, key, 'POST', '/disbursements', {
          body: {
            external_id: externalId,
            bank_code: 'BRI',
            account_holder_name: 'A',
            account_number: accountNumber,
            description: 'x',
            amount,
          },
        });
      await payout('rebuild-ok', '1234567890', 100_000);
      await payout('rebuild-ok', '1234567891', 110_000);
      await payout('rebuild-fail', '9999000002', 120_000);
      await call(gateway.baseUrl, key, 'POST', '/batch_disbursements', {
        body: {
          reference: 'rebuild-batch',
          disbursements: [
            {
              external_id: 'rebuild-b1',
              bank_code: 'BCA',
              account_holder_name: 'B',
              account_number: '0123456789',
              description: 'y',
              amount: 50_000,
            },
            {
              external_id: 'rebuild-b2',
              bank_code: 'BCA',
              account_holder_name: 'B',
              account_number: '9999000003',
              description: 'y',
              amount: 60_000,
            },
          ],
        },
      });
      await gateway.app.get(CommandBus).execute(
        new AdvanceTestClockCommand(merchant.business_id, 5 * 86_400_000, {
          requestId: 'req_disb_rebuild',
          actor: 'system:test',
        }),
      );
      const table = async () =>
        (
          await gateway.db.pool.query('SELECT * FROM disbursements WHERE business_id = $1 ORDER BY disbursement_id', [
            merchant.business_id,
          ])
        ).rows;
      const live = await eventually(
        table,
        (rows) => rows.length === 5 && rows.every((row) => row.status !== 'PENDING'),
      );
      expect(live.map((row) => row.status).sort()).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED', 'FAILED', 'FAILED']);

      const jobs = async () =>
        (
          await gateway.db.pool.query<{ status: string }>(
            `SELECT status FROM scheduled_jobs WHERE kind = $1 AND business_id = $2`,
            [EXECUTE_TRANSFER_JOB, merchant.business_id],
          )
        ).rows.map((row) => row.status);
      // A job appends its outcome before it is marked done: the rows can settle a moment earlier.
      expect(
        (await eventually(jobs, (statuses) => statuses.length === 5 && !statuses.includes('running'))).sort(),
      ).toEqual(['done', 'done', 'done', 'done', 'done']);
      // As after a restore that lost the finished jobs: a replay must not make them due again.
      await gateway.db.pool.query(`DELETE FROM scheduled_jobs WHERE kind = $1 AND business_id = $2`, [
        EXECUTE_TRANSFER_JOB,
        merchant.business_id,
      ]);

      const projection = discoverProjections(gateway.app.get(DiscoveryService)).find(
        (p) => p.name === DISBURSEMENTS_PROJECTION,
      )!;
      await resetProjection(gateway.db.pool, projection);
      const total = Number((await gateway.db.pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
      await eventually(
        async () => Number((await readCheckpoint(gateway.db.pool, DISBURSEMENTS_PROJECTION))?.eventsSeen ?? 0n),
        (seen) => seen >= total,
      );
      expect(await table()).toEqual(live);
      expect((await jobs()).filter((status) => status === 'pending' || status === 'running')).toEqual([]);
    },
  );
});
