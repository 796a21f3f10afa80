import { COMPONENT_SCHEMA_PREFIX, type JsonSchema } from './json-schema';
import { JSON_TYPE, type Operation } from './openapi-types';
import { dtoSchemaOf } from './operation-parameters';
import { requestSchemasOf } from './request-schemas';
import type { InventoriedRoute } from './route-inventory';

/** The request body: the `@Body()` DTO, the DTOs chosen at run time (`@ApiDoc({ body })`), or a multipart form. */
export function requestBodyOf(
  route: InventoriedRoute,
  requestComponents: Record<string, JsonSchema>,
): Operation['requestBody'] | undefined {
  const doc = route.doc;
  if (doc?.body?.byField) {
    const { field, dtos } = doc.body.byField;
    const choices = Object.entries(dtos).map(([value, dto]) => ({ value, reference: requestSchemasOf(dto), dto }));
    for (const choice of choices) Object.assign(requestComponents, choice.reference.components);
    const first = requestComponents[choices[0].dto.name];
    return jsonBody(
      {
        oneOf: choices.map((choice) => choice.reference.reference),
        discriminator: {
          propertyName: field,
          mapping: Object.fromEntries(choices.map((choice) => [choice.value, String(choice.reference.reference.$ref)])),
        },
      },
      first?.examples?.[0],
    );
  }
  if (doc?.body?.byVersion) {
    const choices = Object.entries(doc.body.byVersion).map(([version, dto]) => ({
      version,
      reference: requestSchemasOf(dto),
      dto,
    }));
    for (const choice of choices) Object.assign(requestComponents, choice.reference.components);
    const latest = choices[choices.length - 1];
    return jsonBody(
      {
        description:
          `The shape depends on the API version: ` +
          `${choices.map((choice) => `\`${choice.version}\`: ${choice.dto.name}`).join('; ')}.`,
        anyOf: choices.map((choice) => ({ ...choice.reference.reference })),
      },
      requestComponents[latest.dto.name]?.examples?.[0],
    );
  }
  if (!route.body?.dto) return undefined;
  const dtoSchema = dtoSchemaOf(route.body.dto, requestComponents);
  const reference = { $ref: `${COMPONENT_SCHEMA_PREFIX}${route.body.dto.name}` };
  if (doc?.multipartFile) {
    const properties = {
      ...(dtoSchema.properties ?? {}),
      [doc.multipartFile]: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file' },
    };
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties, required: [...(dtoSchema.required ?? []), doc.multipartFile] },
        },
      },
    };
  }
  return jsonBody(reference, dtoSchema.examples?.[0]);
}

function jsonBody(schema: JsonSchema, example: unknown): NonNullable<Operation['requestBody']> {
  return { required: true, content: { [JSON_TYPE]: { schema, ...(example !== undefined && { example }) } } };
}
