import type { OpenApiDocument, Operation, Parameter } from '@gateway/http-edge';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** One request and its response, as the server saw them. */
export interface Exchange {
  method: string;
  /** The path as requested (percent-encoded; `%21` is `!`), without the query. */
  path: string;
  query: Record<string, unknown>;
  /** The parsed JSON body, when the request sent one. */
  body?: unknown;
  jsonBody: boolean;
  status: number;
  contentType?: string;
  /** The response body's text (JSON responses only). */
  responseText?: string;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  operation: Operation;
}

const DOCUMENT_ID = 'openapi.json';

/**
 * Checks exchanges against the OpenAPI document (issue 20: "checked, not trusted"):
 * - the response's status is one the operation documents, and its JSON body matches that
 *   status's schema, with no property the schema does not name (the document leaves objects
 *   open for clients; our own responses must not carry undocumented fields), and an error's
 *   `error_code` is one the operation lists for that status;
 * - a request the document says is invalid (body, query or path) is not answered 2xx: either the
 *   document is stricter than the server or the server lets through what it promised to refuse.
 * Operations the document does not have (pages, /docs, /metrics, unknown URLs) are not checked.
 * Callback bodies are checked against the document's `webhooks` (`checkCallback`).
 */
export class OpenApiContract {
  private readonly routes: Route[];
  private readonly webhooks: OpenApiDocument['webhooks'];
  private readonly schemas: Record<string, SchemaNode>;
  private readonly strict = new Ajv2020({ strict: false, allErrors: true });
  private readonly lenient = new Ajv2020({ strict: false, allErrors: true });
  private readonly coercing = new Ajv2020({ strict: false, allErrors: true, coerceTypes: 'array' });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    for (const ajv of [this.strict, this.lenient, this.coercing]) addFormats(ajv);
    const local = withDocumentRefs(document) as OpenApiDocument;
    this.webhooks = local.webhooks;
    this.schemas = (local.components as { schemas?: Record<string, SchemaNode> }).schemas ?? {};
    this.strict.addSchema({ $id: DOCUMENT_ID, components: closed(local.components) });
    this.lenient.addSchema({ $id: DOCUMENT_ID, components: local.components });
    this.coercing.addSchema({ $id: DOCUMENT_ID, components: local.components });
    this.routes = Object.entries(local.paths)
      .flatMap(([template, operations]) =>
        Object.entries(operations).map(([method, operation]) => {
          const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
          const source = template
            .split(/\{[^}]+\}/)
            .map(escapeRegExp)
            .join('([^/]+)');
          return { method: method.toUpperCase(), template, pattern: new RegExp(`^${source}/?$`), names, operation };
        }),
      )
      // A literal segment wins over a parameter (`/callback_deliveries/summary` before `/{id}`).
      .sort((a, b) => a.names.length - b.names.length || b.template.length - a.template.length);
  }

  /** The operation an exchange belongs to, if the document has it. */
  operationOf(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const decoded = path.replace(/%21/gi, '!');
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(decoded);
      if (match)
        return {
          route,
          params: Object.fromEntries(route.names.map((name, index) => [name, safeDecode(match[index + 1])])),
        };
    }
    return undefined;
  }

  /** Everything wrong with the exchange, as sentences naming the operation; empty when it conforms. */
  check(exchange: Exchange): string[] {
    const found = this.operationOf(exchange.method, exchange.path);
    if (!found) return [];
    const { route, params } = found;
    const name = `${route.method} ${route.template} (${exchange.method} ${exchange.path} -> ${exchange.status})`;
    const problems: string[] = [];
    const response = route.operation.responses[String(exchange.status)];
    if (!response) {
      problems.push(
        `${name}: status ${exchange.status} is not documented (documented: ` +
          `${Object.keys(route.operation.responses).join(', ')})${excerpt(exchange.responseText)}`,
      );
    } else if (exchange.contentType?.includes('json') && response.content?.['application/json']) {
      const body = parseJson(exchange.responseText);
      const schema = response.content['application/json'].schema;
      const codes = errorCodesOf(schema);
      if (body === undefined) problems.push(`${name}: the response is not JSON${excerpt(exchange.responseText)}`);
      else if (codes) {
        // An error answer: the shared Error schema (compiled once), then the operation's codes for this status.
        const validate = this.validator(this.strict, 'Error', { $ref: `${DOCUMENT_ID}#/components/schemas/Error` });
        const code = (body as { error_code?: unknown }).error_code;
        if (!validate(body))
          problems.push(
            `${name}: the response does not match its schema: ${describe(validate)}${excerpt(exchange.responseText)}`,
          );
        else if (!codes.includes(String(code)))
          problems.push(
            `${name}: the response does not match its schema: /error_code must be equal to one of the allowed ` +
              `values ${JSON.stringify(codes)}${excerpt(exchange.responseText)}`,
          );
      } else {
        const validate = this.validator(this.strict, `${route.method} ${route.template} ${exchange.status}`, schema);
        if (!validate(body))
          problems.push(
            `${name}: the response does not match its schema: ${describe(validate)}${excerpt(exchange.responseText)}`,
          );
      }
    }
    if (exchange.status >= 200 && exchange.status < 300)
      problems.push(...this.requestProblems(name, route, exchange, params));
    return problems;
  }

  /** Everything wrong with a callback body of `kind`, against the document's `webhooks`. */
  checkCallback(kind: string, body: unknown): string[] {
    const schema = this.webhooks[kind]?.post.requestBody?.content['application/json']?.schema;
    if (!schema) return [`callback ${kind}: not documented in the webhooks of the document`];
    const validate = this.validator(this.strict, `webhook ${kind}`, schema);
    return validate(body)
      ? []
      : [`callback ${kind}: the body does not match its schema: ${describe(validate)}${excerpt(JSON.stringify(body))}`];
  }

  private requestProblems(name: string, route: Route, exchange: Exchange, params: Record<string, string>): string[] {
    const problems: string[] = [];
    const operation = route.operation;
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    if (bodySchema && exchange.jsonBody) {
      const validate = this.validator(this.lenient, `${route.method} ${route.template} body`, bodySchema);
      if (!validate(withoutIgnoredNulls(exchange.body, bodySchema, this.schemas)))
        problems.push(`${name}: answered 2xx to a body the document refuses: ${describe(validate)}`);
    }
    for (const location of ['query', 'path'] as const) {
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === location);
      if (parameters.length === 0) continue;
      const values = location === 'query' ? withJsonStyleArrays(exchange.query, parameters) : { ...params };
      const validate = this.validator(
        this.coercing,
        `${route.method} ${route.template} ${location}`,
        parametersSchema(parameters),
      );
      if (!validate(values))
        problems.push(`${name}: answered 2xx to ${location} parameters the document refuses: ${describe(validate)}`);
    }
    return problems;
  }

  private validator(ajv: Ajv2020, key: string, schema: object): ValidateFunction {
    const cacheKey = `${ajv === this.strict ? 'strict' : ajv === this.lenient ? 'lenient' : 'coercing'} ${key}`;
    let validate = this.compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(ajv === this.strict ? closed(schema) : schema);
      this.compiled.set(cacheKey, validate);
    }
    return validate;
  }
}

/** The `error_code`s of an error response (`allOf: [Error, { properties: { error_code: { enum } } }]`). */
function errorCodesOf(schema: {
  allOf?: { $ref?: string; properties?: { error_code?: { enum?: string[] } } }[];
}): string[] | undefined {
  const [base, narrowing] = schema.allOf ?? [];
  return base?.$ref?.endsWith('/components/schemas/Error') ? narrowing?.properties?.error_code?.enum : undefined;
}

/**
 * Array query parameters also arrive JSON-style (`statuses=["PAID"]`, gaps.md; each operation says
 * so): read as the gateway reads them, then checked against the document's form encoding.
 */
function withJsonStyleArrays(query: Record<string, unknown>, parameters: Parameter[]): Record<string, unknown> {
  const values = { ...query };
  for (const parameter of parameters) {
    const value = values[parameter.name];
    if (parameter.schema.type !== 'array' || value === undefined) continue;
    values[parameter.name] = (Array.isArray(value) ? value : [value]).flatMap((part) => {
      if (typeof part !== 'string' || !part.trim().startsWith('[')) return [part];
      try {
        const parsed: unknown = JSON.parse(part);
        return Array.isArray(parsed) ? parsed : [part];
      } catch {
        return [part];
      }
    });
  }
  return values;
}

function parametersSchema(parameters: Parameter[]): object {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/**
 * `#/components/...` → `openapi.json#/components/...`, so schemas compiled one by one resolve against the document.
 */
interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
}

/**
 * The body as the gateway reads it (docs/api-reference.md, "Conventions"): an explicit `null` on a field
 * whose schema does not list null is the field left out. Followed through `$ref`, `allOf`, properties
 * and array items; a field whose schema lists null keeps it.
 */
function withoutIgnoredNulls(
  value: unknown,
  schema: SchemaNode | undefined,
  schemas: Record<string, SchemaNode>,
): unknown {
  const node = resolved(schema, schemas);
  if (!node || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutIgnoredNulls(item, node.items, schemas));
  const properties = propertiesOf(node, schemas);
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null && !acceptsNull(properties[key], schemas)) continue;
    kept[key] = withoutIgnoredNulls(item, properties[key], schemas);
  }
  return kept;
}

function resolved(schema: SchemaNode | undefined, schemas: Record<string, SchemaNode>): SchemaNode | undefined {
  const name = schema?.$ref?.split('/components/schemas/')[1];
  return name === undefined ? schema : resolved(schemas[name], schemas);
}

function propertiesOf(schema: SchemaNode, schemas: Record<string, SchemaNode>): Record<string, SchemaNode> {
  const own = schema.properties ?? {};
  const inherited = (schema.allOf ?? []).map((part) => propertiesOf(resolved(part, schemas) ?? {}, schemas));
  return Object.assign({}, ...inherited, own) as Record<string, SchemaNode>;
}

function acceptsNull(schema: SchemaNode | undefined, schemas: Record<string, SchemaNode>): boolean {
  const node = resolved(schema, schemas);
  if (!node) return false;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('null')) return true;
  return [...(node.anyOf ?? []), ...(node.oneOf ?? [])].some((part) => acceptsNull(part, schemas));
}

function withDocumentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDocumentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith('#/')
        ? `${DOCUMENT_ID}${item}`
        : withDocumentRefs(item),
    ]),
  );
}

/**
 * Every object schema that names its properties and says nothing of others refuses others: what
 * the check holds our responses to. (Request bodies stay open: the server ignores unknown fields.)
 */
function closed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(closed) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, closed(item)])) as Record<
    string,
    unknown
  >;
  if (
    typeof copy.properties === 'object' &&
    copy.properties !== null &&
    copy.additionalProperties === undefined &&
    isObjectType(copy.type)
  )
    copy.additionalProperties = false;
  return copy as T;
}

function isObjectType(type: unknown): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

function describe(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (error) =>
        `${error.instancePath || '(root)'} ` +
        `${error.message}` +
        `${
          error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''
        }${error.params && 'allowedValues' in error.params ? ` ${JSON.stringify(error.params.allowedValues)}` : ''}`,
    )
    .join('; ');
}

function excerpt(text: string | undefined): string {
  return text ? `; body: ${text.length > 300 ? `${text.slice(0, 300)}...` : text}` : '';
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
