import type { RecordedEvent } from '@gateway/event-store';
import { clockMigrations } from '@gateway/clock';
import { Scheduler, schedulerMigrations } from '@gateway/scheduler';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { DisbursementEvent, DisbursementSnapshot } from '../domain/disbursement.events';
import { disbursementsMigrations } from './disbursements.migrations';
import { DisbursementsProjection, EXECUTE_TRANSFER_JOB, executeTransferKey } from './disbursements.projection';

/**
 * The projection writes a batch in a few statements: the tables must come out exactly as one
 * event at a time would leave them, and the transfer jobs as the rules say (a job only for a
 * disbursement still PENDING; none left pending for an answered one, also after a rebuild).
 */
describe('disbursements projection (batched)', () => {
  let database: TestDatabase;
  let projection: DisbursementsProjection;
  let position = 0n;

  beforeAll(async () => {
    database = await createTestDatabase([clockMigrations, schedulerMigrations, disbursementsMigrations]);
    projection = new DisbursementsProjection(new Scheduler(database.pool));
  });
  afterAll(() => database.drop());
  beforeEach(() => database.pool.query('TRUNCATE disbursements, scheduled_jobs'));

  const snapshot = (id: string, accountNumber = '1234567890'): DisbursementSnapshot => ({
    disbursementId: id,
    businessId: 'biz_1',
    mode: 'test',
    externalId: `ext-${id}`,
    amount: 10_000,
    currency: 'IDR',
    bankCode: 'BCA',
    accountHolderName: 'Holder',
    accountNumber,
    description: 'payout',
    isInstant: true,
    createdAt: '2026-01-05T03:00:00.000Z',
  });
  const recorded = (event: DisbursementEvent): RecordedEvent => {
    position += 1n;
    return {
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      type: event.type,
      data: event.data,
      metadata: {},
      streamName: `disbursement-${event.data.disbursementId}`,
      revision: 0n,
      position: { commit: position, prepare: position },
      recordedAt: new Date(),
    } as RecordedEvent;
  };
  const created = (id: string) =>
    recorded({ type: 'DisbursementCreated', data: { ...snapshot(id), status: 'PENDING' } });
  const completed = (id: string, at = '2026-01-05T03:00:05.000Z') =>
    recorded({ type: 'DisbursementCompleted', data: { ...snapshot(id), status: 'COMPLETED', completedAt: at } });
  const failed = (id: string, code: 'REJECTED_BY_BANK' | 'TRANSFER_ERROR', at = '2026-01-05T03:00:06.000Z') =>
    recorded({
      type: 'DisbursementFailed',
      data: { ...snapshot(id, '9999000002'), status: 'FAILED', failureCode: code, failedAt: at },
    });

  async function apply(batches: RecordedEvent[][]): Promise<void> {
    for (const batch of batches) {
      const client = await database.pool.connect();
      try {
        await client.query('BEGIN');
        await projection.apply(batch, client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
  }
  const rows = async () => (await database.pool.query('SELECT * FROM disbursements ORDER BY disbursement_id')).rows;
  const jobs = async () =>
    (
      await database.pool.query<{ job_key: string; status: string }>(
        'SELECT job_key, status FROM scheduled_jobs WHERE kind = $1 ORDER BY job_key',
        [EXECUTE_TRANSFER_JOB],
      )
    ).rows;

  it('one batch leaves the same rows as one event per batch', async () => {
    const log = [
      created('d1'),
      created('d2'),
      created('d3'),
      completed('d1'),
      failed('d2', 'REJECTED_BY_BANK'),
      created('d1'),
      failed('d3', 'TRANSFER_ERROR'),
      completed('d3', '2026-01-05T04:00:00.000Z'),
    ];
    await apply(log.map((event) => [event]));
    const oneByOne = await rows();
    await database.pool.query('TRUNCATE disbursements, scheduled_jobs');
    await apply([log]);
    expect(await rows()).toEqual(oneByOne);
    // d3: failed then completed, as the UPDATEs one by one leave it (the code stays).
    expect(oneByOne.find((row) => row.disbursement_id === 'd3')).toMatchObject({
      status: 'COMPLETED',
      failure_code: 'TRANSFER_ERROR',
    });
    expect(oneByOne.map((row) => row.status)).toEqual(['COMPLETED', 'FAILED', 'COMPLETED']);
  });

  it('schedules a transfer only for a disbursement still PENDING at the end of its batch', async () => {
    await apply([[created('d1'), created('d2'), completed('d1')]]);
    expect(await jobs()).toEqual([{ job_key: executeTransferKey('d2'), status: 'pending' }]);
  });

  it(
    'cancels the pending job of a disbursement answered in a later batch (a replay that lost its jobs), ' +
      'not a finished one',
    async () => {
      await apply([[created('d1'), created('d2')]]);
      await database.pool.query(`UPDATE scheduled_jobs SET status = 'done' WHERE job_key = $1`, [
        executeTransferKey('d2'),
      ]);
      await apply([[completed('d1'), completed('d2')]]);
      expect(await jobs()).toEqual([
        { job_key: executeTransferKey('d1'), status: 'cancelled' },
        { job_key: executeTransferKey('d2'), status: 'done' },
      ]);
    },
  );

  it('a rebuild replaying answered disbursements leaves no live job behind, whatever the page size', async () => {
    const log = [created('d1'), created('d2'), created('d3'), completed('d1'), failed('d2', 'REJECTED_BY_BANK')];
    await apply([log]);
    const live = await rows();
    for (const pageSize of [1, 2, 5]) {
      // As after a restore without the jobs table: the finished jobs are gone too.
      await database.pool.query('TRUNCATE disbursements, scheduled_jobs');
      const pages: RecordedEvent[][] = [];
      for (let i = 0; i < log.length; i += pageSize) pages.push(log.slice(i, i + pageSize));
      await apply(pages);
      expect(await rows()).toEqual(live);
      expect((await jobs()).filter((job) => job.status === 'pending')).toEqual([
        { job_key: executeTransferKey('d3'), status: 'pending' },
      ]);
    }
  });
});
