import type { Measurement } from '../core/measurement';
import type { RunReport } from '../core/run-report';
import { formatLatency, formatPeakRss, formatRatio, formatResult, formatTarget } from './format';

export const RESULT_COLUMNS = [
  'Measurement',
  'Result',
  'Target',
  'p50',
  'p99',
  'Latency of',
  'Peak RSS',
  'Ratio to reference',
];

export interface TableGroup {
  title: string;
  rows: string[][];
}

/** The same cells feed the console table and the markdown table, so the two never disagree. */
export function resultTable(report: RunReport): TableGroup[] {
  return [
    { title: 'Baseline', rows: report.baseline.map(toRow) },
    ...report.scenarios.map((scenario) => ({ title: scenario.name, rows: scenario.measurements.map(toRow) })),
  ];
}

function toRow(measurement: Measurement): string[] {
  return [
    measurement.note ? `${measurement.label} (${measurement.note})` : measurement.label,
    formatResult(measurement),
    formatTarget(measurement),
    formatLatency(measurement, 'p50'),
    formatLatency(measurement, 'p99'),
    measurement.latencyMs?.per ?? '',
    formatPeakRss(measurement),
    formatRatio(measurement),
  ];
}
