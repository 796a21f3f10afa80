import type { Pool } from 'pg';
import { Gauge, Registry } from 'prom-client';
import { queriedGauge, queriedLabelledGauge, queriedValueGauge } from './queried-gauges';
import type { PublishedGauge } from './publish-gauges';

/** A pool whose query answers the next of `answers` (one per scrape). */
function poolAnswering(...answers: Record<string, unknown>[][]): Pool {
  return { query: () => Promise.resolve({ rows: answers.shift() ?? [] }) } as unknown as Pool;
}

async function scrape(registry: Registry): Promise<string[]> {
  return (await registry.metrics()).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

function registered(gauge: PublishedGauge): Registry {
  const registry = new Registry();
  new Gauge({ ...gauge, registers: [registry] });
  return registry;
}

describe('queried gauges', () => {
  it('publishes one value, and the fallback where the query answers NULL', async () => {
    const registry = registered(
      queriedValueGauge(poolAnswering([{ value: '42.5' }], [{ value: null }]), {
        name: 'age_seconds',
        help: 'An age',
        sql: 'SELECT 1',
        whenNull: -1,
      }),
    );
    expect(await scrape(registry)).toEqual(['age_seconds 42.5']);
    expect(await scrape(registry)).toEqual(['age_seconds -1']);
  });

  it('publishes a value per label: the ones always shown at 0 when absent, the others only while seen', async () => {
    const registry = registered(
      queriedLabelledGauge(
        poolAnswering(
          [
            { label: 'failed', value: '2' },
            { label: 'done', value: '7' },
          ],
          [],
        ),
        { name: 'jobs', help: 'Jobs', label: 'status', always: ['pending', 'failed'], sql: 'SELECT 1' },
      ),
    );
    expect(await scrape(registry)).toEqual([
      'jobs{status="pending"} 0',
      'jobs{status="failed"} 2',
      'jobs{status="done"} 7',
    ]);
    expect(await scrape(registry)).toEqual(['jobs{status="pending"} 0', 'jobs{status="failed"} 0']);
  });

  it('is a labelled gauge when its query names a label, a single value otherwise', async () => {
    const single = registered(queriedGauge(poolAnswering([{ value: '3' }]), { name: 'n', help: 'N', sql: 'SELECT 1' }));
    expect(await scrape(single)).toEqual(['n 3']);
    const labelled = registered(
      queriedGauge(poolAnswering([{ label: 'a', value: '1' }]), { name: 'l', help: 'L', label: 'k', sql: 'SELECT 1' }),
    );
    expect(await scrape(labelled)).toEqual(['l{k="a"} 1']);
  });
});
