import { LatencyRecorder } from './latency-recorder';
import { type Operation, runTimedWorkers, type TimedRunResult } from './timed-workers';

export interface PairedRunOptions {
  /** Total measured time of each side. */
  durationMs: number;
  warmupMs: number;
  /** Each side's time is split into this many alternating slices. */
  slices: number;
}

/**
 * Measures a subject and its reference in alternating slices (reference, subject, reference, ...),
 * so both see the same background load: on a shared machine the ratio of the two stays
 * meaningful even when the absolute rates swing from one minute to the next.
 */
export async function runPaired(
  subject: Operation[],
  reference: Operation[],
  options: PairedRunOptions,
): Promise<{ subject: TimedRunResult; reference: TimedRunResult }> {
  const totals = {
    subject: { operations: 0, durationMs: 0, latencies: new LatencyRecorder() },
    reference: { operations: 0, durationMs: 0, latencies: new LatencyRecorder() },
  };
  const slice = { durationMs: options.durationMs / options.slices, warmupMs: 0 };
  await runTimedWorkers(reference, { durationMs: 0, warmupMs: options.warmupMs });
  await runTimedWorkers(subject, { durationMs: 0, warmupMs: options.warmupMs });
  for (let i = 0; i < options.slices; i++) {
    for (const side of ['reference', 'subject'] as const) {
      const total = totals[side];
      const run = await runTimedWorkers(side === 'subject' ? subject : reference, slice, total.latencies);
      total.operations += run.operations;
      total.durationMs += run.durationMs;
    }
  }
  return totals;
}
