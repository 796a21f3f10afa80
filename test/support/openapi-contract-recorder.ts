import { buildOpenApiDocument } from '@gateway/http-edge';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { appendFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { type Exchange, OpenApiContract } from './openapi-contract';
import { participate } from './openapi-contract.registry';

/** Response bodies past this size are not kept (file and report downloads); their status still is checked. */
const MAX_CAPTURED_BYTES = 1_000_000;

export interface ContractRecorder {
  /** What failed the contract so far, one sentence each. */
  readonly violations: string[];
  /**
   * Checks the body of every callback the app rendered (its `webhook_deliveries`, test callbacks
   * aside) against the document's `webhooks`. Test-app's close calls it before dropping the
   * database; the file's contract hook calls it for apps still open.
   */
  finish(): Promise<void>;
  /** Throws with every violation so far, if any. */
  assertConforms(): void;
}

/**
 * Records every exchange of a test app and checks it against the app's own OpenAPI document
 * (built once, on the first request). Installed before the HTTP edge, so it sees every answer,
 * refusals of the edge included. The test file fails on a violation through the `afterAll` of
 * test/support/openapi-contract.setup.ts. Set OPENAPI_CONTRACT=off to run a suite without it.
 */
export function recordContract(app: INestApplication, pool: Pool): ContractRecorder {
  const violations: string[] = [];
  let contract: OpenApiContract | undefined;
  // What the check costs this app (document, compiling, validating), for OPENAPI_CONTRACT_LOG.
  const cost = { ms: 0, exchanges: 0 };
  const checkerOf = () => (contract ??= new OpenApiContract(buildOpenApiDocument(app)));
  const record = (found: string[]) => {
    violations.push(...found);
    // OPENAPI_CONTRACT_LOG=<file>: every violation of every suite in one file, to review a whole run at once.
    const log = process.env.OPENAPI_CONTRACT_LOG;
    if (log)
      for (const violation of found)
        appendFileSync(log, `${JSON.stringify({ suite: expect.getState().testPath, violation })}\n`);
  };
  app.use((request: Request, response: Response, next: NextFunction) => {
    const chunks: Buffer[] = [];
    let captured = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || captured > MAX_CAPTURED_BYTES) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      captured += buffer.length;
      if (captured <= MAX_CAPTURED_BYTES) chunks.push(buffer);
    };
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    (response as { write: unknown }).write = (...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    };
    (response as { end: unknown }).end = (...args: unknown[]) => {
      keep(args[0], args[1]);
      return end(...args);
    };
    response.once('finish', () => {
      const contentType = String(response.getHeader('content-type') ?? '');
      const exchange: Exchange = {
        method: request.method,
        path: (request.originalUrl ?? request.url).split('?')[0],
        query: request.query ?? {},
        body: request.body as unknown,
        jsonBody: (request.headers['content-type'] ?? '').includes('json') && request.body !== undefined,
        status: response.statusCode,
        contentType,
        responseText:
          contentType.includes('json') && captured <= MAX_CAPTURED_BYTES
            ? Buffer.concat(chunks).toString('utf8')
            : undefined,
      };
      const found: string[] = [];
      const started = performance.now();
      try {
        cost.exchanges += 1;
        found.push(...checkerOf().check(exchange));
      } catch (error) {
        found.push(
          `${exchange.method} ${exchange.path}: the contract check failed: ` +
            `${error instanceof Error ? error.message : String(error)}`,
        );
      }
      cost.ms += performance.now() - started;
      record(found);
    });
    next();
  });
  let finished = false;
  const recorder: ContractRecorder = {
    violations,
    async finish() {
      if (finished) return;
      finished = true;
      // A suite that dropped the app's database itself (closing `app` directly) left nothing to read.
      if ((pool as Pool & { ended?: boolean }).ended) return;
      const { rows } = await pool.query<{ kind: string; payload: string }>(
        `SELECT kind, payload::text AS payload FROM webhook_deliveries WHERE event_type ` +
          `<> 'CallbackTestRequested' ORDER BY created_at`,
      );
      const started = performance.now();
      for (const row of rows) record(checkerOf().checkCallback(row.kind, JSON.parse(row.payload)));
      cost.ms += performance.now() - started;
      const log = process.env.OPENAPI_CONTRACT_LOG;
      if (log)
        appendFileSync(
          log,
          `${JSON.stringify({
            suite: expect.getState().testPath,
            cost_ms: Math.round(cost.ms),
            exchanges: cost.exchanges,
            callbacks: rows.length,
          })}\n`,
        );
    },
    assertConforms() {
      if (violations.length === 0) return;
      const shown = [...new Set(violations)];
      throw new Error(
        `OpenAPI contract (docs/api-reference.md): ${shown.length} violation(s):\n- ${shown.slice(0, 30).join('\n- ')}`,
      );
    },
  };
  participate(recorder);
  return recorder;
}
