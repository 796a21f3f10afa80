import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiModule, type ApiOptions } from './api.module';

/** The api as a Nest application, shared by main.ts and the e2e tests. */
export async function createApiApp(options: ApiOptions, logLevels: LogLevel[]): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(options), {
    logger: logLevels,
    // The JSON body parser is configured by the edge (limits, INVALID_JSON_FORMAT).
    bodyParser: true,
  });
  app.disable('x-powered-by');
  // The public client keeps idle connections open for seconds: be generous (spec gaps).
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return app;
}
