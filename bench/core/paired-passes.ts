import type { LatencyRecorder } from './latency-recorder';
import { type Measurement, type MeasurementSpec, withRatio } from './measurement';
import { withPeakRss } from './peak-rss';

/** One complete run over a fixed amount of work (e.g. reading the whole log once). */
export interface PassResult {
  /** Units of work done, e.g. events read. */
  units: number;
  durationMs: number;
  latencies: LatencyRecorder;
}

export type Pass = () => Promise<PassResult>;

export interface PairedPassesSpec extends MeasurementSpec {
  /** Rounds of (reference pass, subject pass); the fastest pass of each side counts. */
  rounds: number;
  referenceLabel: string;
}

/**
 * Alternates reference and subject passes so both see the same background load, keeps the
 * fastest of each (the one least disturbed), and reports the subject with its ratio.
 */
export async function measurePairedPasses(
  subject: Pass,
  reference: Pass,
  spec: PairedPassesSpec,
): Promise<{ subject: Measurement; reference: Measurement }> {
  const { result, peakRssMiB } = await withPeakRss(async () => {
    const best: { subject?: PassResult; reference?: PassResult } = {};
    for (let round = 0; round < spec.rounds; round++) {
      for (const side of ['reference', 'subject'] as const) {
        const pass = await (side === 'subject' ? subject : reference)();
        const known = best[side];
        if (!known || pass.durationMs < known.durationMs) best[side] = pass;
      }
    }
    return { subject: best.subject!, reference: best.reference! };
  });
  const referenceMeasurement = passMeasurement(
    { ...spec, id: `${spec.id}.reference`, label: spec.referenceLabel },
    result.reference,
    peakRssMiB,
  );
  const subjectMeasurement = withRatio(
    passMeasurement(spec, result.subject, peakRssMiB),
    spec.referenceLabel,
    referenceMeasurement.rate,
  );
  return { subject: subjectMeasurement, reference: referenceMeasurement };
}

function passMeasurement(spec: MeasurementSpec, pass: PassResult, peakRssMiB: number): Measurement {
  const latency = pass.latencies.percentiles();
  return {
    id: spec.id,
    label: spec.label,
    rate: (pass.units * 1000) / pass.durationMs,
    unit: spec.unit,
    operations: pass.units,
    durationMs: pass.durationMs,
    latencyMs: latency && { ...latency, per: spec.per },
    peakRssMiB,
  };
}
