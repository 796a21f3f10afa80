import type { RunReport } from '../core/run-report';
import { formatGiB } from './format';

/** Machine and versions, one fact per line: printed to the console and into the docs section. */
export function environmentLines(report: RunReport): string[] {
  const { machine, postgres, options, load } = report;
  const settings = Object.entries(postgres.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  return [
    `CPU: ${machine.cpuModel}, ${machine.cores} cores; memory ${formatGiB(machine.totalMemoryGiB)}; ` +
      `${machine.platform}`,
    `Node ${machine.node}${machine.nest ? `, NestJS ${machine.nest}` : ''}`,
    ...(load
      ? [
          `Load average (1 min) at start / end: ${load.atStart.toFixed(2)} / ${load.atEnd.toFixed(2)} on ` +
            `${machine.cores} cores`,
        ]
      : []),
    `${postgres.version.split(',')[0]} (${postgres.source}; ${settings})`,
    `Timed measurements: ${options.durationMs / 1000} s each after ${options.warmupMs / 1000} s warm-up`,
  ];
}
