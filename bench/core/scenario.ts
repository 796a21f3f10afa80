import type { BaselineProbe } from '../baseline/baseline-probe';
import type { BenchPostgres } from './bench-postgres';
import type { Measurement } from './measurement';

export interface BenchOptions {
  /** Length of each timed measurement (for paired ones: of each side). */
  durationMs: number;
  warmupMs: number;
}

export interface ScenarioContext {
  postgres: BenchPostgres;
  options: BenchOptions;
  /** Measured at the start of the run, reported in its own table group. */
  baseline: Measurement[];
  /** The baseline's raw operations, for references measured alongside a scenario's own numbers. */
  probe: BaselineProbe;
  log(line: string): void;
}

/**
 * A named group of measurements, run by `npm run bench -- <name>`. Add one by writing a file
 * under bench/scenarios/ and listing it in bench/run.ts.
 */
export interface Scenario {
  name: string;
  description: string;
  run(context: ScenarioContext): Promise<Measurement[]>;
}
