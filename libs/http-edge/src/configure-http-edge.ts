import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '@gateway/config';
import { installBodyParsers } from './body/install-body-parsers';
import { HttpEdgeExceptionFilter } from './errors/http-edge-exception.filter';
import { writeAccessLog } from './logging/access-log.middleware';
import { JsonLogger } from './logging/json-logger';
import { bindLogContext } from './logging/log-context';
import { HttpMetrics } from '@gateway/metrics';
import { recordHttpMetrics } from './metrics/metrics.middleware';
import { setupOpenApi } from './openapi/setup-openapi';
import { acceptEncodedBang } from './path/encoded-bang.middleware';
import { rejectUndecodablePath } from './path/undecodable-path.middleware';
import { answerClientError } from './client-error/answer-client-error';
import { ClientIpRateLimitMiddleware } from './rate-limit/client-ip-rate-limit.middleware';
import { installClientIpRateLimit } from './rate-limit/install-client-ip-rate-limit';
import { assignRequestId } from './request-id/request-id.middleware';
import { requireTls } from './tls/require-tls.middleware';
import { captureRequestLog } from './request-log/capture-request-log.middleware';
import { RequestLogSink } from './request-log/request-log-sink';
import { createValidationPipe } from './validation/gateway-validation.pipe';

/**
 * Idle keep-alive connections are kept this long: the public client reuses them after seconds of silence (spec gaps).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface HttpEdgeOptions {
  /** Receives the access log and 5xx reports; a JsonLogger at LOG_LEVEL on stdout when not given. */
  logger?: JsonLogger;
}

/**
 * Everything between the socket and the controllers, in the order a request meets it:
 * Request-ID, metrics and access log (so refusals are counted and logged too), the per-IP rate
 * limit (when RateLimitModule is imported), the TLS policy, path parameters that do not decode,
 * body parsing (limits, INVALID_JSON_FORMAT, NUL and depth checks), the log context, then Nest's
 * routing with the validation pipe and the error filter; plus /docs. The app must be created with
 * `bodyParser: false` and import `HttpEdgeModule`. Call before `listen()`/`init()`: middleware
 * added later would sit behind Nest's routes.
 */
export function configureHttpEdge(app: INestApplication, config: AppConfig, options: HttpEdgeOptions = {}): void {
  const expressApp = app as NestExpressApplication;
  const logger = options.logger ?? new JsonLogger({ level: config.LOG_LEVEL });
  const metrics = httpMetricsOf(app);

  // Decides `request.secure`/`request.protocol` (X-Forwarded-Proto) and `request.ip` (X-Forwarded-For).
  expressApp.set('trust proxy', config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false);
  expressApp.disable('x-powered-by');
  // No ETag: answers describe payments whose state moves (nothing here is served from a cache), and
  // Express hashed every answer's body for a header no client sends back (a SHA-1 a response).
  expressApp.set('etag', false);

  expressApp.use(assignRequestId());
  expressApp.use(acceptEncodedBang());
  expressApp.use(recordHttpMetrics(metrics));
  expressApp.use(writeAccessLog(logger));
  // The merchant-facing request log (when the app provides one and REQUEST_LOG_ENABLED): early, so
  // authenticated requests refused later (validation, 429, ...) are captured too.
  const requestLog = config.REQUEST_LOG_ENABLED ? requestLogSinkOf(app) : undefined;
  if (requestLog) expressApp.use(captureRequestLog(requestLog));
  // The IP limit before any other work, body parsing included: a request refused for its TLS, its
  // body (400, 413, 415) or anything later carries the rate-limit headers and counts (issue 19, item 17).
  const ipLimit = clientIpRateLimitOf(app);
  if (ipLimit) installClientIpRateLimit(expressApp.getHttpAdapter().getInstance(), ipLimit);
  if (config.REQUIRE_TLS) expressApp.use(requireTls());
  // Before routing: the router would throw on such a parameter and name neither it nor the path.
  expressApp.use(rejectUndecodablePath());
  installBodyParsers(expressApp, config.BODY_LIMIT);
  if (config.LOG_REQUEST_CONTEXT) expressApp.use(bindLogContext());

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpEdgeExceptionFilter(logger));
  setupOpenApi(expressApp);

  const server = app.getHttpServer() as Server;
  // What Node's parser refuses (431 oversized headers, ...) gets the edge's JSON answer and headers.
  server.on('clientError', answerClientError(ipLimit && ((ip: string) => ipLimit.consume(ip))));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or Node may cut a connection the client is about to reuse.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/** The IP limit of RateLimitModule, when the application imports it. */
function clientIpRateLimitOf(app: INestApplication): ClientIpRateLimitMiddleware | undefined {
  try {
    return app.get(ClientIpRateLimitMiddleware, { strict: false });
  } catch {
    return undefined;
  }
}

/** The request log's sink, when the application imports the request-log context. */
function requestLogSinkOf(app: INestApplication): RequestLogSink | undefined {
  try {
    return app.get(RequestLogSink, { strict: false });
  } catch {
    return undefined;
  }
}

function httpMetricsOf(app: INestApplication): HttpMetrics {
  try {
    return app.get(HttpMetrics);
  } catch {
    throw new Error('configureHttpEdge: HttpMetrics is missing; import HttpEdgeModule into the application module');
  }
}
