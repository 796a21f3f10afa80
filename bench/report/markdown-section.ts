import type { RunReport } from '../core/run-report';
import { environmentLines } from './environment-lines';
import { RESULT_COLUMNS, resultTable } from './result-table';

/** One run as a dated section of docs/benchmarks.md. */
export function markdownSection(report: RunReport, jsonPath: string): string {
  const scenarios = report.scenarios.map((scenario) => scenario.name).join(', ');
  const lines = [
    `### ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC — ${scenarios}`,
    '',
    ...environmentLines(report).map((line) => `- ${line}`),
    `- Raw results: \`${jsonPath}\` (not committed)`,
    '',
    `| Group | ${RESULT_COLUMNS.join(' | ')} |`,
    `|${' --- |'.repeat(RESULT_COLUMNS.length + 1)}`,
  ];
  for (const group of resultTable(report)) {
    for (const row of group.rows) lines.push(`| ${group.title} | ${row.map(escapeCell).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

function escapeCell(cell: string): string {
  return cell.replace(/\|/g, '\\|');
}
