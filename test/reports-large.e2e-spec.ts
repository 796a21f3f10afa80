import { EVENT_STORE, type EventStore, type NewEvent, PostgresEventStore } from '@gateway/event-store';
import { JournalReader } from '@gateway/ledger';
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eventually, lastValueWithin } from './support/eventually';
import { projectionsIdle } from './support/projections-idle';
import { settledPayment } from './support/settled-payments';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { movementSources } from '../libs/reports/src/application/generate-report/movement-sources';
import { ReportContentWriter } from '../libs/reports/src/application/generate-report/report-content';
import { writeReport } from '../libs/reports/src/application/generate-report/report-generators';

const ENTRIES = 100_000;
const PER_APPEND = 1_000;

/**
 * Issue 9: a BALANCE_HISTORY report over 100,000 journal entries streams in bounded memory,
 * and its last running balance equals GET /balance.
 */
describe('a BALANCE_HISTORY report over 100,000 CASH entries', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway.close());

  it('streams with flat memory, and ends on the balance GET /balance shows', async () => {
    const business = await provisionBusiness(gateway.app);
    const store = gateway.app.get<EventStore>(EVENT_STORE);
    const metadata = {
      businessId: business.business_id,
      mode: 'test' as const,
      correlationId: 'req_bulk',
      actor: 'system:test',
    };
    let expected = 0;
    // Payments that settle at once (as an instant channel's do): each puts one entry on CASH.
    for (let batch = 0; batch < ENTRIES / PER_APPEND; batch += 1) {
      const events: NewEvent[] = [];
      for (let i = 0; i < PER_APPEND; i += 1) {
        const amount = 1_000 + ((batch * PER_APPEND + i) % 997);
        expected += amount;
        events.push(...settledPayment(metadata, amount));
      }
      await store.append(`bulkpay-${randomUUID()}`, events, 'no_stream');
    }
    const api = (method: string, path: string, body?: unknown) =>
      call(gateway.baseUrl, business.test.secret_key, method, path, { body });
    const cash = await eventually(
      () => api('GET', '/balance').then((r) => r.body.balance),
      (balance) => balance === expected,
      180_000,
    );
    expect(cash).toBe(expected);
    // Generate the report after the catch-up, not beside it (the balance process's 100,000 credits):
    // on a loaded CI machine, beside it, the report took minutes instead of seconds.
    await projectionsIdle(gateway.db.pool, 180_000);
    const id = (await api('POST', '/reports', { type: 'BALANCE_HISTORY' })).body.id;
    // Still PENDING at the end must reach the diagnostics below too: the last value, not a throw.
    const report = await lastValueWithin(
      () => api('GET', `/reports/${id}`).then((r) => r.body),
      (r) => r.status !== 'PENDING',
      120_000,
    );
    if (report.status !== 'COMPLETED') {
      // A flake here must be diagnosable from CI's output alone: the run's job and the projections.
      const job = await gateway.db.pool.query(
        `SELECT status, attempts, due_at, locked_until, last_error FROM scheduled_jobs WHERE kind = 'reports.generate'`,
      );
      const checkpoints = await gateway.db.pool.query('SELECT * FROM projection_checkpoints');
      console.log(JSON.stringify({ report, job: job.rows, checkpoints: checkpoints.rows }, null, 1));
    }
    expect(report.status).toBe('COMPLETED');

    // Read the file back as a stream too, keeping only the last line.
    const link = new URL(report.url);
    const response = await fetch(`${gateway.baseUrl}${link.pathname}${link.search}`);
    const size = Number(response.headers.get('content-length'));
    let lines = 0;
    let tail = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      lines += text.split('\n').length - 1;
      tail = (tail + text).slice(-400);
    }
    const last = tail.trimEnd().split('\r\n').pop()!.split(',');
    expect(lines).toBe(ENTRIES + 1);
    expect(Number(last[8])).toBe(expected);

    expect(size).toBeGreaterThan(10_000_000);

    // Memory, measured on the generation alone: with the gateway stopped, nothing else in this
    // process allocates (on a loaded CI machine its projections, jobs and polls added up to 20 MB to
    // a peak measured beside them, as much as a report that keeps every line adds). The same
    // generator and content writer the job runs, over the same journal, into a scratch report.
    await gateway.stopGateway();
    const generation = await measureLiveHeap(async () => {
      const writer = await ReportContentWriter.open(gateway.db.pool, randomUUID());
      const store = new PostgresEventStore(gateway.db.pool);
      const written = await writeReport(
        new JournalReader(gateway.db.pool),
        {
          type: 'BALANCE_HISTORY',
          scope: { businessId: business.business_id, mode: 'test', currency: 'IDR' },
          from: new Date(0),
          to: new Date(Date.now() + 86_400_000),
        },
        (line) => writer.write(line),
        (refs) => movementSources(store, refs),
      );
      await writer.close();
      return { written, sizeBytes: writer.sizeBytes };
    });
    expect(generation.result).toEqual({ written: ENTRIES, sizeBytes: size });
    // The whole file held in memory as lines would be more than its size (one byte a character,
    // plus each string's header: 1.3 times here). The generator holds a journal page and a 256 KB
    // chunk: its peak stays far below (1-3 MB); half the size leaves room for a page in flight.
    console.log(
      `report ${(size / 1e6).toFixed(1)} MB; live heap grew by at most ` +
        `${(generation.grewBy / 1e6).toFixed(1)} MB while generating`,
    );
    expect(generation.grewBy).toBeLessThan(size / 2);
  }, 480_000);
});

/**
 * Runs `work` while sampling the live heap (collected, then measured: not garbage waiting for a
 * collection); returns its result and how far the live heap rose above where it started.
 */
async function measureLiveHeap<T>(work: () => Promise<T>): Promise<{ result: T; grewBy: number }> {
  const collect = forcedGc();
  collect();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let sampling = true;
  // A full collection takes tens of milliseconds, more on a loaded machine: between two, leave at
  // least four times as long, or the collections starve the work they measure.
  const sampler = (async () => {
    while (sampling) {
      const started = performance.now();
      collect();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      await new Promise((resolve) => setTimeout(resolve, Math.max(100, 4 * (performance.now() - started))));
    }
  })();
  try {
    return { result: await work(), grewBy: peak - before };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** `global.gc` without starting Node with --expose-gc. */
function forcedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
