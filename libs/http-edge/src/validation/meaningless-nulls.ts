import { acceptsNull } from '../openapi/request-schema.decorators';

/**
 * An explicit `null` on a field whose DTO gives null no meaning is the same as leaving the field
 * out: removed from the request object (and from every nested request object) before validation,
 * so an optional field is absent, a required one is reported missing, and no handler, decider or
 * stored event ever meets a `null` it was not written for.
 *
 * Why not refuse it: the public client sends `null` for fields its caller left out (`basket` of an
 * eWallet charge), and clients in other languages serialise unset fields the same way.
 * class-validator's `@IsOptional()` skips every rule for `null` as for `undefined`, which let a
 * `null` `interval_count` hang the process and a `null` report `format` poison its projection
 * (docs/decisions.md, "An explicit null is an absent field"). Fields that declare `null` (settings
 * and customer updates: it removes the value) keep it. Free-form maps (metadata) are not request
 * objects and keep their nulls.
 */
export function dropMeaninglessNulls(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropMeaninglessNulls(item);
    return;
  }
  if (!isRequestObject(value)) return;
  for (const [property, field] of Object.entries(value)) {
    if (field === null && !acceptsNull(value, property)) delete (value as Record<string, unknown>)[property];
    else dropMeaninglessNulls(field);
  }
}

/** An instance of a request DTO class (class-transformer built it), not a plain map or a value. */
function isRequestObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype !== null && prototype !== Object.prototype;
}
