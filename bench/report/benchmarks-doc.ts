import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

const HISTORY_HEADING = '## History';

/**
 * Puts a run's section at the top of the History part of docs/benchmarks.md (newest first)
 * and leaves everything else, including earlier runs and the hand-written introduction, as is.
 */
export async function addRunToHistory(docPath: string, section: string): Promise<void> {
  const current = existsSync(docPath) ? await readFile(docPath, 'utf8') : '# Benchmarks\n';
  const at = current.search(/^## History[ \t]*$/m);
  const updated =
    at === -1
      ? `${current.trimEnd()}\n\n${HISTORY_HEADING}\n\n${section}`
      : `${current.slice(0, at)}${HISTORY_HEADING}\n\n${section}\n` +
        `${current.slice(at + HISTORY_HEADING.length).replace(/^\s+/, '')}`;
  await writeFile(docPath, `${updated.trimEnd()}\n`);
}
