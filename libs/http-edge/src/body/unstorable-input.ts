import type { ValidationIssue, ValidationLocation } from '../errors/api-error';

/**
 * Input the gateway cannot or will not store:
 * - the NUL character: PostgreSQL `text` and `jsonb` refuse it;
 * - a lone UTF-16 surrogate (`"\ud800"` alone, `"\udc00"` alone, a low one before a high one): JSON
 *   may escape one, JavaScript strings hold it, but it is not Unicode, so it has no UTF-8 form and
 *   PostgreSQL refuses it (`jsonb` answers "Unicode low surrogate must follow a high surrogate");
 * - JSON nested deeper than any legitimate API request (the deepest spec shape is a handful of
 *   levels) while it makes every recursive walk over it costly.
 * One rule, at the edge, for every string a request carries (values and keys of the body, the
 * query, path parameters, stored headers): refused with 400 API_VALIDATION_ERROR naming the field,
 * before any handler did work or wrote anything (a reservation, a claim) it would have to undo.
 */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';

/** What is wrong with a string, or `undefined` when it can be stored. */
export function unstorableStringProblem(text: string): 'noNulCharacter' | 'wellFormedUnicode' | undefined {
  if (text.includes(NUL)) return 'noNulCharacter';
  if (!isWellFormed(text)) return 'wellFormedUnicode';
  return undefined;
}

/** `String.prototype.isWellFormed` (Node 20; not yet in the ES2022 typings the project compiles with). */
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** A value still to visit; the path is rebuilt from parents only when reporting, so the walk stays O(n) in memory. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
}

/**
 * The first problem found in `value` (a string or key holding NUL or a lone surrogate, or nesting
 * deeper than `maxDepth` objects/arrays; the top level is depth 1), or `undefined` when it is
 * fine. Iterative: a recursive walk could itself overflow the stack on hostile input.
 */
export function findUnstorableValue(
  value: unknown,
  location: ValidationLocation,
  maxDepth = MAX_JSON_DEPTH,
): ValidationIssue | undefined {
  const pending: Visit[] = [{ value, key: '', parent: undefined, depth: 0 }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = unstorableStringProblem(current);
      if (problem) return stringIssue(pathOf(visit), location, problem);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const depth = visit.depth + 1;
    if (depth > maxDepth) {
      return {
        field: pathOf(visit),
        location,
        messages: [`the ${location} is nested deeper than ${maxDepth} levels`],
        types: ['maxDepth'],
      };
    }
    for (const [key, item] of Object.entries(current)) {
      // A bad key is reported at the object holding it: the key itself cannot be printed.
      const problem = unstorableStringProblem(key);
      if (problem) return stringIssue(pathOf(visit), location, problem);
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

const PROBLEM_MESSAGES = {
  noNulCharacter: 'must not contain the NUL character (\\u0000)',
  wellFormedUnicode:
    'must be well-formed Unicode: a lone UTF-16 surrogate (\\ud800-\\udfff not in a pair) cannot be stored',
} as const;

export function stringIssue(
  path: string[],
  location: ValidationLocation,
  problem: keyof typeof PROBLEM_MESSAGES,
): ValidationIssue {
  return { field: path, location, messages: [PROBLEM_MESSAGES[problem]], types: [problem] };
}
