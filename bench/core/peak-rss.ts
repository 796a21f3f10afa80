const SAMPLE_EVERY_MS = 25;
const MIB = 1024 * 1024;

/**
 * Peak resident set size while `work` runs. Sampled on a timer, so a spike shorter than the
 * interval (or one while the event loop is blocked) can be missed; the samples taken right
 * before and after the work bound the common case.
 */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMiB: number }> {
  let peak = process.memoryUsage().rss;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    const result = await work();
    sample();
    return { result, peakRssMiB: peak / MIB };
  } finally {
    clearInterval(timer);
  }
}
