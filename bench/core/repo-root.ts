import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The directory holding package.json, found by walking up from this file: the same answer
 * whether this runs compiled from dist/bench/ or from source.
 */
export function repoRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`no package.json above ${__dirname}`);
}
