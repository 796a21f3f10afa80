// Lints an OpenAPI document with Redocly's `recommended` rules (@redocly/openapi-core, an ES
// module, hence a script of its own rather than an import into the jest suite). Prints the
// problems as JSON: [{ ruleId, severity, message, location }].
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const [file] = process.argv.slice(2);
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config });
process.stdout.write(
  JSON.stringify(
    problems.map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      location: problem.location.map((where) => where.pointer).join(' '),
    })),
  ),
);
