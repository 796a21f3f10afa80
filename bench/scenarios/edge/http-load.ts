import { LatencyRecorder } from '../../core/latency-recorder';

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Replace every `[<id>]` in the body with a fresh id on each request (unique external ids). */
  idReplacement?: boolean;
  connections: number;
  pipelining: number;
  /** Seconds. */
  duration: number;
  /** Seconds before a request counts as timed out. */
  timeout: number;
  /** Milliseconds between autocannon's own rate samples; also how late after `duration` the run ends. */
  sampleInt: number;
}

interface AutocannonResult {
  /** Seconds, to 10 ms. */
  duration: number;
  requests: { total: number; sent: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonTracker extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): this;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: AutocannonOptions) => AutocannonTracker;

export interface LoadOptions {
  url: string;
  /** GET when absent. */
  method?: string;
  headers?: Record<string, string>;
  /** Sent with every request; each `[<id>]` in it becomes a fresh id per request (autocannon's idReplacement). */
  body?: string;
  connections: number;
  pipelining: number;
  durationMs: number;
}

export interface LoadResult {
  /** Responses received (any status). */
  requests: number;
  durationMs: number;
  /** Requests per second. */
  rate: number;
  /** Per response, from autocannon's hrtime (autocannon's own histogram rounds to whole milliseconds). */
  latencies: LatencyRecorder;
  statusCounts: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One autocannon run from this process: a fixed number of keep-alive connections for a fixed time. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies = new LatencyRecorder();
  const tracker = autocannon({
    url: options.url,
    // Absent, not undefined: autocannon's defaults do not fill keys that are present.
    ...(options.method !== undefined && { method: options.method }),
    headers: options.headers,
    ...(options.body !== undefined && { body: options.body, idReplacement: options.body.includes('[<id>]') }),
    connections: options.connections,
    pipelining: options.pipelining,
    duration: options.durationMs / 1000,
    timeout: 10,
    sampleInt: 100,
  });
  tracker.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.record(responseTimeMs));
  const result = await tracker;
  const durationMs = result.duration * 1000;
  return {
    requests: result.requests.total,
    durationMs,
    rate: durationMs > 0 ? (result.requests.total * 1000) / durationMs : 0,
    latencies,
    statusCounts: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Throws unless every request got a 2xx answer: a benchmark of refusals or errors measures the wrong thing. */
export function assertAllSucceeded(result: LoadResult, what: string): void {
  if (result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && result.requests > 0) return;
  const statuses = Object.entries(result.statusCounts)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  throw new Error(
    `${what}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ` +
      `${result.timeouts} timeouts out of ${result.requests} responses (status counts ${statuses || 'none'})`,
  );
}
