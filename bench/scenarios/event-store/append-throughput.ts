import type { ExpectedRevision, PostgresEventStore } from '@gateway/event-store';
import { insertReferenceLabel } from '../../baseline/baseline';
import type { BaselineProbe } from '../../baseline/baseline-probe';
import { type Measurement, toMeasurement, withRatio } from '../../core/measurement';
import { runPaired } from '../../core/paired-run';
import { withPeakRss } from '../../core/peak-rss';
import type { BenchOptions } from '../../core/scenario';
import { type Operation, runTimedWorkers } from '../../core/timed-workers';
import { sampleEvents } from './sample-events';

/** Enough streams that writers rarely touch a stream twice in a row (no artificial row-lock hot spot). */
const STREAMS_PER_WRITER = 1000;
/** Alternating slices of the append workload and its reference (see runPaired). */
const SLICES = 5;

export interface AppendWorkload {
  id: string;
  label: string;
  writers: number;
  eventsPerAppend: number;
  /** `any`: no check; `tracked`: the writer remembers each stream's revision and expects it. */
  expected: 'any' | 'tracked';
}

/**
 * Each writer is an async loop appending round-robin to its own streams, so writers never
 * conflict and every append succeeds: the number is the store's throughput, not its retry logic.
 */
function appendWriters(store: PostgresEventStore, workload: AppendWorkload): Operation[] {
  let sequence = 0;
  return Array.from({ length: workload.writers }, (_, writer) => {
    const revisions = new Map<string, bigint>();
    let next = 0;
    return async () => {
      const stream = `charge-${workload.id}-w${writer}-${next++ % STREAMS_PER_WRITER}`;
      const expected: ExpectedRevision = workload.expected === 'any' ? 'any' : (revisions.get(stream) ?? 'no_stream');
      const events = sampleEvents(workload.eventsPerAppend, sequence);
      sequence += workload.eventsPerAppend;
      const result = await store.append(stream, events, expected);
      if (workload.expected === 'tracked') revisions.set(stream, result.nextExpectedRevision);
    };
  });
}

/**
 * Opens every pool connection (fork + SCRAM authentication) and compiles es_append in each
 * backend before anything is timed; otherwise the first workload on a fresh database pays for it.
 */
export async function warmUpStore(store: PostgresEventStore, durationMs: number): Promise<void> {
  const workload: AppendWorkload = {
    id: 'warm-up',
    label: 'warm-up',
    writers: 16,
    eventsPerAppend: 1,
    expected: 'tracked',
  };
  await runTimedWorkers(appendWriters(store, workload), { durationMs: 0, warmupMs: durationMs });
}

/** Appends/s, with the ratio to single-row autocommit inserts on as many connections, measured alternately. */
export async function measureAppends(
  store: PostgresEventStore,
  probe: BaselineProbe,
  workload: AppendWorkload,
  options: BenchOptions,
): Promise<Measurement> {
  const { result, peakRssMiB } = await withPeakRss(() =>
    runPaired(appendWriters(store, workload), probe.inserts(workload.writers), { ...options, slices: SLICES }),
  );
  const measured = toMeasurement(
    {
      id: workload.id,
      label: workload.label,
      unit: 'appends/s',
      per: 'append',
      secondary:
        workload.eventsPerAppend > 1 ? { perOperation: workload.eventsPerAppend, unit: 'events/s' } : undefined,
    },
    result.subject,
    peakRssMiB,
  );
  const referenceRate = (result.reference.operations * 1000) / result.reference.durationMs;
  return withRatio(measured, insertReferenceLabel(workload.writers), referenceRate);
}
