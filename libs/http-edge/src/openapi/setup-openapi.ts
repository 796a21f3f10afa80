import type { NestExpressApplication } from '@nestjs/platform-express';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { docsPage } from './docs-page.middleware';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.builder';

export const DOCS_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';

/**
 * The API reference: the OpenAPI 3.1 document of the app's controllers (`buildOpenApiDocument`)
 * at /docs/openapi.json, and Swagger UI at /docs, its assets served from the swagger-ui-dist
 * package (no CDN: the UI works offline). These routes are registered on Express directly
 * (outside Nest's guards), so they need no API key. The document is built on first request and
 * kept, keeping start-up fast. `docsPage` gives them the pages' security headers and sends
 * `/docs/` to `/docs`.
 */
export function setupOpenApi(app: NestExpressApplication): void {
  app.use(docsPage(DOCS_PATH));
  let document: OpenApiDocument | undefined;
  SwaggerModule.setup(DOCS_PATH, app, () => (document ??= buildOpenApiDocument(app)) as unknown as OpenAPIObject, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Payment gateway API reference',
    swaggerOptions: { docExpansion: 'list', defaultModelsExpandDepth: 0, displayOperationId: true, filter: true },
  });
}
