export * from './api-doc.decorator';
export * from './callback-docs';
export * from './json-schema';
export * from './openapi-document.builder';
export * from './request-schema.decorators';
export { inventoryRoutes, type InventoriedRoute, type RouteArgument } from './route-inventory';
export { requestSchemasOf } from './request-schemas';
export * from './setup-openapi';
/** Builders for response and callback schemas: `schema.object({ id: schema.string() })`. */
export * as schema from './schema-builders';
