import { getMetadataStorage, ValidationError, ValidationTypes } from 'class-validator';

/**
 * The shape rule for nested request objects (docs/decisions.md, "Shapes inside lists and objects"):
 * where a DTO validates a nested object (`@ValidateNested() @Type(() => FilterDto)`), the value
 * must be a JSON object, and where it validates a list of them (`@ValidateNested({ each: true })`),
 * or a map of them (`fee_schedule`), each element must be one.
 *
 * Why the pipe has to say it: class-validator's nested rule reads any array as a list to walk. An
 * array given for an object (`"filter": []`) or for a list's element (`"items": [[]]`) is walked,
 * has no element that fails, and passes: the object's required fields are never checked, and the
 * handler received `[]` where it expected an item. A primitive in the same place is already
 * refused by class-validator (`nestedValidation`); only arrays slipped through.
 *
 * Applied to every DTO the gateway validates, at every depth, so a new nested field cannot forget it.
 * Returns errors in class-validator's tree shape, for `mergeValidationErrors`.
 */
export function listsWhereObjectsBelong(dto: object): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const { property, each } of nestedFieldsOf(dto)) {
    const value = (dto as Record<string, unknown>)[property];
    if (value === undefined || value === null) continue;
    if (!each && Array.isArray(value)) {
      errors.push(notAnObject(property, property));
      continue;
    }
    const elements = elementsOf(value, each);
    const children: ValidationError[] = [];
    for (const [key, element] of elements) {
      if (Array.isArray(element)) children.push(notAnObject(key, `${property}.${key}`));
      else if (isRequestObject(element)) children.push(...nestedUnder(key, listsWhereObjectsBelong(element)));
    }
    errors.push(...nestedUnder(property, children));
  }
  return errors;
}

/** The values a nested field holds, each with the key it is named by in an error path. */
function elementsOf(value: unknown, each: boolean): [string, unknown][] {
  if (value instanceof Map) return [...value.entries()].map(([key, element]) => [String(key), element]);
  if (each && Array.isArray(value)) return value.map((element, index) => [String(index), element]);
  return [['', value]];
}

/** Per DTO class: its decorators are all applied once the classes load, and every request asks again. */
const nestedFieldsByClass = new WeakMap<object, { property: string; each: boolean }[]>();

function nestedFieldsOf(dto: object): { property: string; each: boolean }[] {
  let fields = nestedFieldsByClass.get(dto.constructor);
  if (!fields) {
    fields = readNestedFields(dto.constructor as new (...args: never[]) => unknown);
    nestedFieldsByClass.set(dto.constructor, fields);
  }
  return fields;
}

function readNestedFields(target: new (...args: never[]) => unknown): { property: string; each: boolean }[] {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(target, '', false, false);
  const fields = new Map<string, boolean>();
  for (const metadata of metadatas) {
    if (metadata.type !== ValidationTypes.NESTED_VALIDATION) continue;
    fields.set(metadata.propertyName, (fields.get(metadata.propertyName) ?? false) || metadata.each === true);
  }
  return [...fields].map(([property, each]) => ({ property, each }));
}

/** An instance of a request DTO class (class-transformer built it), whose own nested fields are checked too. */
function isRequestObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype !== null && prototype !== Object.prototype;
}

function notAnObject(property: string, path: string): ValidationError {
  return Object.assign(new ValidationError(), {
    property,
    children: [],
    constraints: { isObject: `${path} must be an object, not a list` },
  });
}

/** `errors` as the children of `property`; a key of '' (a single nested object) adds no level. */
function nestedUnder(property: string, errors: ValidationError[]): ValidationError[] {
  if (errors.length === 0) return [];
  if (property === '') return errors;
  return [Object.assign(new ValidationError(), { property, children: errors })];
}

/**
 * class-validator's errors and the shape rule's as one tree: an error on the same path is one
 * entry with both rules' constraints (`card_data: []` is refused by its `@IsObject()` and by the
 * shape rule under the same name, and reported once).
 */
export function mergeValidationErrors(into: ValidationError[], more: ValidationError[]): ValidationError[] {
  for (const error of more) {
    const same = into.find((existing) => existing.property === error.property);
    if (!same) {
      into.push(error);
      continue;
    }
    if (error.constraints) same.constraints = { ...same.constraints, ...error.constraints };
    same.children = mergeValidationErrors(same.children ?? [], error.children ?? []);
  }
  return into;
}
