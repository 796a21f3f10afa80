import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { markAuthenticatedOperations } from './mark-authenticated-operations';

export const DOCS_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';
const SECURITY_SCHEME = 'secretKey';

/**
 * The OpenAPI document of every controller and DTO of the app: UI at /docs, JSON at
 * /docs/openapi.json. These routes are registered on Express directly (outside Nest's guards), so
 * they need no API key, like a `@NoAuth()` route. The document is built on first request, keeping
 * start-up fast.
 */
export function setupOpenApi(app: NestExpressApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Payment gateway API')
    .setDescription('Compatible with the legacy Xendit API (xendit-node 1.22.0). Errors are `{error_code, message}`, plus `errors` for API_VALIDATION_ERROR; every response carries `Request-ID`.')
    .setVersion('1.0')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'The secret API key as the user name, an empty password' }, SECURITY_SCHEME)
    .build();
  SwaggerModule.setup(
    DOCS_PATH,
    app,
    () => {
      markAuthenticatedOperations(app, SECURITY_SCHEME);
      return SwaggerModule.createDocument(app, config);
    },
    { jsonDocumentUrl: OPENAPI_JSON_PATH, raw: ['json'], customSiteTitle: 'Payment gateway API' },
  );
}
