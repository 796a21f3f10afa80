import type { ValidationError } from 'class-validator';
import type { ValidationIssue, ValidationLocation } from '../errors/api-error';

/** How many problems the summary `message` names before "and N more". */
const SUMMARY_LIMIT = 5;

/**
 * class-validator's error tree as the flat `errors` list of the spec: one entry per value that
 * failed, with the full path to it (`['customer', 'addresses', '0', 'city']`).
 */
export function validationIssuesFrom(
  errors: readonly ValidationError[],
  location: ValidationLocation,
  rootPath: string[] = [],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const pending = errors.map((error) => ({ error, path: [...rootPath, ...segment(error.property)] }));
  while (pending.length > 0) {
    const { error, path } = pending.shift()!;
    const constraints = error.constraints ?? {};
    const types = Object.keys(constraints);
    if (types.length > 0)
      issues.push({ field: path, location, messages: types.map((type) => constraints[type]), types });
    for (const child of error.children ?? [])
      pending.push({ error: child, path: [...path, ...segment(child.property)] });
  }
  return issues;
}

/**
 * A readable one-line summary for `message`. class-validator messages start with the property
 * name (`city must be a string`); for nested values it is replaced by the full path
 * (`customer.addresses.0.city must be a string`).
 */
export function summariseIssues(issues: readonly ValidationIssue[]): string {
  const sentences = issues.flatMap((issue) => issue.messages.map((message) => withFullPath(message, issue.field)));
  if (sentences.length === 0) return 'The request failed validation';
  const shown = sentences.slice(0, SUMMARY_LIMIT).join('; ');
  return sentences.length > SUMMARY_LIMIT ? `${shown}; and ${sentences.length - SUMMARY_LIMIT} more` : shown;
}

function withFullPath(message: string, field: readonly string[]): string {
  const leaf = field[field.length - 1];
  if (field.length > 1 && leaf !== undefined && message.startsWith(`${leaf} `))
    return `${field.join('.')}${message.slice(leaf.length)}`;
  return message;
}

function segment(property: string | undefined): string[] {
  return property === undefined || property === '' ? [] : [property];
}
