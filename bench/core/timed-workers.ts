import { performance } from 'node:perf_hooks';
import { LatencyRecorder } from './latency-recorder';

/** One async loop's operation; the loop calls it back to back. It keeps its own state between calls. */
export type Operation = () => Promise<void>;

export interface TimedRunOptions {
  durationMs: number;
  /** Run but do not count: prepared statements, JIT and the buffer cache settle first. */
  warmupMs: number;
}

export interface TimedRunResult {
  operations: number;
  /** From the end of the warm-up until the last counted operation finished. */
  durationMs: number;
  latencies: LatencyRecorder;
}

/**
 * Runs one concurrent loop per operation for a fixed time. An operation counts when it starts
 * inside the measured window; the window closes when the last of those finishes, so
 * rate = operations / durationMs is exact.
 */
export async function runTimedWorkers(
  workers: Operation[],
  options: TimedRunOptions,
  into = new LatencyRecorder(),
): Promise<TimedRunResult> {
  const measureFrom = performance.now() + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  let operations = 0;

  const loop = async (operation: Operation) => {
    for (;;) {
      const started = performance.now();
      if (started >= measureUntil) return;
      await operation();
      if (started >= measureFrom) {
        into.record(performance.now() - started);
        operations++;
      }
    }
  };

  await Promise.all(workers.map(loop));
  return { operations, durationMs: performance.now() - measureFrom, latencies: into };
}
