import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const REMEMBERING = Symbol.for('gateway.rememberedValidationMetadata');

/**
 * class-validator looks a class's rules up on every validation by walking every registered class
 * (`getTargetValidationMetadatas`: an `instanceof` per class, then filters) and grouping them by
 * property: 25–37 µs a request with this app's few hundred DTO classes, for an answer that only
 * changes when a rule is registered. Both answers are kept, per class and arguments, and forgotten
 * whenever a rule or schema is registered (decorators run as classes load, before any request).
 * The answers are only read by class-validator (it filters and copies, never changes them).
 */
export function rememberValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [REMEMBERING]?: true };
  if (marked[REMEMBERING]) return;
  marked[REMEMBERING] = true;

  let lookups = new Map<unknown, Map<string, TargetMetadatas>>();
  let groups = new WeakMap<TargetMetadatas, Grouped>();
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, asked) => {
    const argumentsKey = `${schema}\u0000${always}\u0000${strictGroups}\u0000${asked?.join('\u0000') ?? '-'}`;
    const byArguments = lookups.get(target) ?? new Map<string, TargetMetadatas>();
    lookups.set(target, byArguments);
    let found = byArguments.get(argumentsKey);
    if (!found) {
      found = lookUp(target, schema, always, strictGroups, asked);
      byArguments.set(argumentsKey, found);
    }
    return found;
  };
  storage.groupByPropertyName = (metadatas) => {
    let grouped = groups.get(metadatas);
    if (!grouped) {
      grouped = group(metadatas);
      groups.set(metadatas, grouped);
    }
    return grouped;
  };
  for (const register of ['addValidationSchema', 'addValidationMetadata', 'addConstraintMetadata'] as const) {
    const original = (storage[register] as (item: unknown) => void).bind(storage);
    (storage as unknown as Record<typeof register, (item: unknown) => void>)[register] = (item) => {
      lookups = new Map();
      groups = new WeakMap();
      original(item);
    };
  }
}
