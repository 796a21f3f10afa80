import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What only the command pipeline may do; an application file that does it inlines the pipeline. */
const RULES: { rule: string; pattern: RegExp; onlyWhere?: RegExp }[] = [
  {
    rule: 'decides or appends outside the pipeline',
    pattern: /\b(decideAndAppend|createStream|loadAggregate|toNewEvent)\b/,
  },
  { rule: 'appends to the event store directly', pattern: /\.append\(/, onlyWhere: /\bEVENT_STORE\b/ },
  { rule: 'builds event metadata by hand', pattern: /\btoCommandMetadata\b/ },
  { rule: 'waits for a read model outside the pipeline', pattern: /\b(ProjectionProgress|waitForStream)\b/ },
];

/**
 * Files that may, and why. Each entry is a decision (docs/decisions.md, "One command pipeline"),
 * not a backlog: a file migrated to the pipeline leaves this list.
 */
export const PIPELINE_EXCEPTIONS: Readonly<Record<string, string>> = {
  'libs/ledger/src/application/balance/balance-writer.ts':
    "the balance aggregate's group-commit writer: many commands per append, " +
    'its own bounded conflict rounds (balance authority)',
  'libs/ledger/src/application/settle-early/settle-early.handler.ts':
    "waits for the balance process's credit as a precondition (a timeout must fail, retryably), not read-your-writes",
};

export interface InlinedPipeline {
  file: string;
  rule: string;
  line: number;
}

/** The offences of one application source file (path relative to the repository root). */
export function inlinedPipelineIn(file: string, source: string): InlinedPipeline[] {
  if (PIPELINE_EXCEPTIONS[file]) return [];
  // Comments may name what they explain; line numbers are kept.
  const blanked = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const code = blanked.replace(/\/\/.*$/gm, '');
  const found: InlinedPipeline[] = [];
  for (const { rule, pattern, onlyWhere } of RULES) {
    if (onlyWhere && !onlyWhere.test(code)) continue;
    const lines = code.split('\n');
    lines.forEach((text, index) => {
      if (pattern.test(text)) found.push({ file, rule, line: index + 1 });
    });
  }
  return found;
}

/** Every non-test source file under `libs/<context>/src/application/` of `root`, scanned. */
export function scanApplicationSources(root: string): InlinedPipeline[] {
  const libs = join(root, 'libs');
  const found: InlinedPipeline[] = [];
  for (const context of readdirSync(libs)) {
    for (const path of sourcesUnder(join(libs, context, 'src', 'application'))) {
      found.push(...inlinedPipelineIn(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8')));
    }
  }
  return found;
}

function sourcesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') && !/\.(spec|e2e-spec|contract)\.ts$/.test(entry.name) ? [path] : [];
  });
}
