import type { ValidationIssue, ValidationLocation } from '../errors/api-error';

/**
 * Input the gateway cannot or will not store: PostgreSQL `jsonb` and `text` refuse the NUL
 * character, and deeply nested JSON is never a legitimate API request (the deepest spec shape is
 * a handful of levels) while it makes every recursive walk over it costly.
 */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';

/** A value still to visit; the path is rebuilt from parents only when reporting, so the walk stays O(n) in memory. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
}

/**
 * The first problem found in `value` (a string holding NUL, or nesting deeper than `maxDepth`
 * objects/arrays; the top level is depth 1), or `undefined` when it is fine. Iterative: a
 * recursive walk could itself overflow the stack on hostile input.
 */
export function findUnstorableValue(value: unknown, location: ValidationLocation, maxDepth = MAX_JSON_DEPTH): ValidationIssue | undefined {
  const pending: Visit[] = [{ value, key: '', parent: undefined, depth: 0 }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return nulIssue(pathOf(visit), location);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const depth = visit.depth + 1;
    if (depth > maxDepth) {
      return { field: pathOf(visit), location, messages: [`the ${location} is nested deeper than ${maxDepth} levels`], types: ['maxDepth'] };
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes(NUL)) return nulIssue(pathOf(visit), location);
      pending.push({ value: item, key, parent: visit, depth });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let node: Visit | undefined = visit; node?.parent; node = node.parent) path.unshift(node.key);
  return path;
}

function nulIssue(path: string[], location: ValidationLocation): ValidationIssue {
  return { field: path, location, messages: ['must not contain the NUL character (\\u0000)'], types: ['noNulCharacter'] };
}
