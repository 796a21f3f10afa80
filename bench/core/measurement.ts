import type { TimedRunResult } from './timed-workers';

/** One number the benchmark reports, with what is needed to judge it. */
export interface Measurement {
  /** Stable key: ratios and the JSON history refer to it. */
  id: string;
  label: string;
  /** Throughput in `unit` (per second). */
  rate: number;
  unit: string;
  /** The same run seen in another unit, e.g. events/s for batch appends. */
  secondary?: { rate: number; unit: string };
  operations: number;
  durationMs: number;
  /** Per operation (`per` says what one operation is); absent where it means nothing. */
  latencyMs?: { p50: number; p99: number; per: string };
  /**
   * Highest `process.memoryUsage().rss` sampled while this measurement ran; with `peakRssOf`,
   * the peak of that other process instead (e.g. an HTTP server in a child process).
   */
  peakRssMiB: number;
  /** Whose memory `peakRssMiB` is when not the benchmark process's, e.g. "server". */
  peakRssOf?: string;
  /**
   * rate ÷ the rate of a reference measured alongside it (alternating with it, so both saw the
   * same background load): the number to compare across machines and runs.
   */
  ratio?: { to: string; referenceRate: number; value: number };
  /** A minimum for `rate`, or with `of: 'ratio'` for `ratio.value`. */
  target?: { min: number; met: boolean; of?: 'rate' | 'ratio' };
  note?: string;
  /** Every timed pass behind a best-of-N result, in the order they ran (JSON only). */
  passes?: { rate: number; p50?: number; p99?: number; serverCpuUsPerRequest?: number }[];
}

export interface MeasurementSpec {
  id: string;
  label: string;
  unit: string;
  /** What one timed operation is, for the latency column ("append", "page of 1000"). */
  per: string;
  /** Units per operation for a secondary rate (e.g. 10 events per batch append). */
  secondary?: { perOperation: number; unit: string };
}

export function toMeasurement(
  spec: MeasurementSpec,
  run: TimedRunResult,
  peakRssMiB: number,
  unitsPerOperation = 1,
): Measurement {
  const rate = (run.operations * unitsPerOperation * 1000) / run.durationMs;
  const latency = run.latencies.percentiles();
  return {
    id: spec.id,
    label: spec.label,
    rate,
    unit: spec.unit,
    secondary: spec.secondary && { rate: rate * spec.secondary.perOperation, unit: spec.secondary.unit },
    operations: run.operations * unitsPerOperation,
    durationMs: run.durationMs,
    latencyMs: latency && { ...latency, per: spec.per },
    peakRssMiB,
  };
}

export function withRatio(measurement: Measurement, referenceLabel: string, referenceRate: number): Measurement {
  if (referenceRate <= 0) return measurement;
  return { ...measurement, ratio: { to: referenceLabel, referenceRate, value: measurement.rate / referenceRate } };
}

export function withTarget(measurement: Measurement, min: number): Measurement {
  return { ...measurement, target: { min, met: measurement.rate >= min } };
}

/**
 * A minimum for the ratio to the reference (needs `withRatio` first): for numbers only comparable on the same machine.
 */
export function withRatioTarget(measurement: Measurement, min: number): Measurement {
  if (!measurement.ratio) throw new Error(`${measurement.id}: a ratio target needs a ratio`);
  return { ...measurement, target: { min, met: measurement.ratio.value >= min, of: 'ratio' } };
}
