import type { ModuleRef } from '@nestjs/core';
import { Gauge, type GaugeConfiguration } from 'prom-client';
import { HttpMetrics } from './http-metrics';

/** A gauge as its owner declares it: read at scrape time, registered where /metrics is served. */
export type PublishedGauge = Omit<GaugeConfiguration<string>, 'registers'>;

/**
 * Puts a component's gauges on the app's /metrics (issue 22: each component publishes what it
 * owns, instead of one class reading every component's tables). Call from the owner's
 * `onApplicationBootstrap`. A no-op in apps without the HTTP edge (the worker, the CLI): they
 * serve no /metrics. Gauges read PostgreSQL when scraped, so every api process reports the same.
 */
export function publishGauges(modules: ModuleRef, gauges: readonly PublishedGauge[]): void {
  const http = httpMetricsOf(modules);
  if (!http) return;
  for (const gauge of gauges) new Gauge({ ...gauge, registers: [http.registry] });
}

function httpMetricsOf(modules: ModuleRef): HttpMetrics | undefined {
  try {
    return modules.get(HttpMetrics, { strict: false });
  } catch {
    return undefined;
  }
}
