/**
 * Keeps every sample: a 5 s run produces at most a few hundred thousand numbers, so exact
 * percentiles are cheaper to get right than a histogram.
 */
export class LatencyRecorder {
  private readonly samples: number[] = [];

  record(ms: number): void {
    this.samples.push(ms);
  }

  get count(): number {
    return this.samples.length;
  }

  percentiles(): { p50: number; p99: number } | undefined {
    if (this.samples.length === 0) return undefined;
    const sorted = Float64Array.from(this.samples).sort();
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
    return { p50: at(0.5), p99: at(0.99) };
  }
}
