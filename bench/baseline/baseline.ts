import { type Measurement, type MeasurementSpec, toMeasurement } from '../core/measurement';
import { withPeakRss } from '../core/peak-rss';
import type { BenchOptions } from '../core/scenario';
import { type Operation, runTimedWorkers } from '../core/timed-workers';
import type { BaselineProbe } from './baseline-probe';

export const insertReferenceLabel = (connections: number) =>
  `autocommit INSERT, ${connections} connection${connections === 1 ? '' : 's'}`;

/**
 * What this machine and server can do at all, measured at the start of every run: the
 * round-trip ceiling and the commit ceiling with one and with 16 connections.
 */
export async function measureBaseline(
  probe: BaselineProbe,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<Measurement[]> {
  const measure = async (spec: MeasurementSpec, workers: Operation[]) => {
    log(`baseline: ${spec.label}`);
    const { result, peakRssMiB } = await withPeakRss(() => runTimedWorkers(workers, options));
    return toMeasurement(spec, result, peakRssMiB);
  };
  return [
    await measure(
      { id: 'baseline.select-1', label: 'SELECT 1 round trips, 1 connection', unit: 'queries/s', per: 'query' },
      probe.selectOne(),
    ),
    await measure(
      { id: 'baseline.insert-1-connection', label: insertReferenceLabel(1), unit: 'commits/s', per: 'insert' },
      probe.inserts(1),
    ),
    await measure(
      { id: 'baseline.insert-16-connections', label: insertReferenceLabel(16), unit: 'commits/s', per: 'insert' },
      probe.inserts(16),
    ),
  ];
}
