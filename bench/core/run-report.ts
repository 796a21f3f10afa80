import type { MachineInfo } from './machine-info';
import type { Measurement } from './measurement';
import type { BenchOptions } from './scenario';

/** Everything one `npm run bench` produced; written as JSON and rendered into docs/benchmarks.md. */
export interface RunReport {
  startedAt: string;
  finishedAt: string;
  machine: MachineInfo;
  /** 1-minute load average when the run started and when it ended (absent in reports from before it was recorded). */
  load?: { atStart: number; atEnd: number };
  postgres: { source: 'embedded' | 'DATABASE_URL'; version: string; settings: Record<string, string> };
  options: BenchOptions;
  baseline: Measurement[];
  scenarios: { name: string; description: string; measurements: Measurement[] }[];
}
