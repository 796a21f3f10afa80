import { configureHttpEdge, type JsonLogger } from '@gateway/http-edge';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiModule, type ApiOptions } from './api.module';

/** The api as a Nest application, shared by main.ts and the e2e tests. */
export async function createApiApp(options: ApiOptions, logger: JsonLogger): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(options), {
    logger,
    // The edge installs its own body parsers (limits, INVALID_JSON_FORMAT, NUL and depth checks).
    bodyParser: false,
  });
  // Request-ID, TLS policy, body parsing, validation, errors, logs, metrics, docs, keep-alive.
  configureHttpEdge(app, options.config, { logger });
  return app;
}
