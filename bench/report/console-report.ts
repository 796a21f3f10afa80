import type { RunReport } from '../core/run-report';
import { environmentLines } from './environment-lines';
import { RESULT_COLUMNS, resultTable } from './result-table';

export function printReport(report: RunReport, print: (line: string) => void): void {
  print('');
  for (const line of environmentLines(report)) print(line);
  const groups = resultTable(report);
  const widths = RESULT_COLUMNS.map((header, column) =>
    Math.max(header.length, ...groups.flatMap((group) => group.rows.map((row) => row[column].length))),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  for (const group of groups) {
    print('');
    print(`== ${group.title}`);
    print(line(RESULT_COLUMNS));
    for (const row of group.rows) print(line(row));
  }
  print('');
}
