import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../core/run-report';

/** Writes the full report under bench/.results/ (git-ignored); returns the path written. */
export async function writeJsonResults(resultsDir: string, report: RunReport): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const path = join(resultsDir, `${report.startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
