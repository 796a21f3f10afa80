import { JSONSchema } from 'class-validator-jsonschema';
import type { JsonSchema } from './json-schema';
import { nullable } from './schema-builders';

/**
 * Documentation a request DTO's validation rules cannot say. The rules themselves (types, bounds,
 * formats, enums, required-ness) are read from the class-validator decorators, so they cannot
 * drift from what the edge enforces.
 */

/**
 * A complete, valid request: the operation's example, and each field's. A test validates it with
 * the DTO's own rules, so an example that stops being accepted fails the build.
 */
export const RequestExample = (example: Record<string, unknown>): ClassDecorator =>
  JSONSchema(((schema: JsonSchema) => ({ ...schema, examples: [example] })) as never);

export interface ApiFieldOptions {
  description?: string;
  /** `null` is accepted too (PATCH routes: `null` removes the setting). */
  nullable?: boolean;
  /** Replaces what the rules give, for a value the rules cannot describe (a map of channel to rule). */
  schema?: JsonSchema;
}

const API_FIELD = 'gateway:openapi-field';

/** Whether the DTO gives `null` a meaning on this field (`ApiField({ nullable: true })`: PATCH routes' "remove"). */
export function acceptsNull(dto: object, property: string): boolean {
  return (Reflect.getMetadata(API_FIELD, dto, property) as ApiFieldOptions | undefined)?.nullable === true;
}

/**
 * A field's description, nullability, or a schema the rules cannot express. Several on one field
 * (a helper that adds `nullable`, and the field's own) combine.
 */
export const ApiField =
  (options: ApiFieldOptions): PropertyDecorator =>
  (target, property) => {
    const known = (Reflect.getMetadata(API_FIELD, target, property) ?? {}) as ApiFieldOptions;
    const combined: ApiFieldOptions = {
      description: options.description ?? known.description,
      nullable: options.nullable === true || known.nullable === true,
      schema: options.schema ?? known.schema,
    };
    Reflect.defineMetadata(API_FIELD, combined, target, property);
    JSONSchema(((fromRules: JsonSchema) => {
      let schema = combined.schema ?? fromRules;
      if (combined.nullable) schema = nullable(schema);
      return { ...schema, ...(combined.description && { description: combined.description }) };
    }) as never)(target, property as string);
  };
