import type { Measurement } from '../core/measurement';

const integer = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

export function formatRate(rate: number, unit: string): string {
  return `${integer.format(rate)} ${unit}`;
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${integer.format(ms)} ms`;
}

export function formatResult(measurement: Measurement): string {
  const main = formatRate(measurement.rate, measurement.unit);
  return measurement.secondary
    ? `${main} (${formatRate(measurement.secondary.rate, measurement.secondary.unit)})`
    : main;
}

export function formatTarget(measurement: Measurement): string {
  if (!measurement.target) return '';
  const { min, met, of } = measurement.target;
  return `${met ? 'PASS' : 'FAIL'} (≥ ${of === 'ratio' ? `${min.toFixed(2)}× reference` : integer.format(min)})`;
}

export function formatRatio(measurement: Measurement): string {
  if (!measurement.ratio) return '';
  const { value, to, referenceRate } = measurement.ratio;
  // The reference's own rate, measured alongside: not the Baseline row from the start of the run.
  return `${formatRatioValue(value)}× ${to} (${integer.format(referenceRate)}/s alongside)`;
}

/**
 * Two decimals, but two significant digits below 0.1: write paths run at a few hundredths of a bare route, and 0.01×
 * vs 0.02× would hide a factor of two.
 */
function formatRatioValue(value: number): string {
  return value > 0 && value < 0.1 ? value.toPrecision(2) : value.toFixed(2);
}

export function formatLatency(measurement: Measurement, which: 'p50' | 'p99'): string {
  return measurement.latencyMs ? formatMs(measurement.latencyMs[which]) : '';
}

export function formatPeakRss(measurement: Measurement): string {
  const mib = `${Math.round(measurement.peakRssMiB)} MiB`;
  return measurement.peakRssOf ? `${mib} (${measurement.peakRssOf})` : mib;
}

export function formatGiB(gib: number): string {
  return `${gib.toFixed(1)} GiB`;
}
