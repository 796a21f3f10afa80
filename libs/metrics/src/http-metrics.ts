import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Methods outside this list are counted as `OTHER`, so clients cannot invent label values. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds; fine below 100 ms where API calls live, coarse above. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus registry of one app: request counts and durations per route template, plus
 * Node's default process metrics. One registry per app (not prom-client's global one), so
 * several apps in one process (the e2e tests) do not clash.
 */
@Injectable()
export class HttpMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /**
   * Labelled children by method, route and status. Route templates are bounded (unknown routes
   * share one label), so this stays small; it saves prom-client's label hashing on every request.
   */
  private readonly children = new Map<string, { inc(): void; observe(seconds: number): void }>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const methodLabel = KNOWN_METHODS.has(method) ? method : 'OTHER';
    const key = `${methodLabel} ${status} ${route}`;
    let child = this.children.get(key);
    if (!child) {
      const counter = this.requests.labels(methodLabel, route, String(status));
      const histogram = this.durations.labels(methodLabel, route);
      child = { inc: () => counter.inc(), observe: (value) => histogram.observe(value) };
      this.children.set(key, child);
    }
    child.inc();
    child.observe(seconds);
  }

  contentType(): string {
    return this.registry.contentType;
  }

  async render(): Promise<string> {
    return this.registry.metrics();
  }
}
