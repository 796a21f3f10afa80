import { ApiModule } from '../../apps/api/src/api.module';
import { allMigrations } from '@gateway/bootstrap';
import { loadConfig } from '@gateway/config';
import { configureHttpEdge, JsonLogger } from '@gateway/http-edge';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { type ContractRecorder, recordContract } from './openapi-contract-recorder';

export interface TestApp {
  app: INestApplication;
  baseUrl: string;
  db: TestDatabase;
  /** Every exchange checked against the OpenAPI document (absent with OPENAPI_CONTRACT=off). */
  contract?: ContractRecorder;
  /** Stops the gateway (HTTP, subscriptions, jobs) and keeps the database, for a measurement alone. */
  stopGateway(): Promise<void>;
  /** Stops the app if still running (after checking its callback bodies against the document). */
  close(): Promise<void>;
}

/**
 * The real api (with the worker in-process, as `npm start` runs it) on a fresh database of
 * the test run's PostgreSQL, listening on a free loopback port.
 */
export async function startTestApp(
  options: {
    extraModules?: (Type | DynamicModule)[];
    /** Another app's `db.url`, to run several api processes on one database. */
    databaseUrl?: string;
    /** Settings as environment variables (e.g. small rate limits); defaults otherwise. */
    env?: NodeJS.ProcessEnv;
    /** Receives Nest's and the edge's log lines; by default errors only, on stdout. */
    logger?: JsonLogger;
    /** Run the worker in-process too (default), as `npm start` does; false for an api alone. */
    withWorker?: boolean;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase(allMigrations);
  const config = loadConfig(options.env ?? {});
  const moduleRef = await Test.createTestingModule({
    imports: [
      ApiModule.forRoot({ config, databaseUrl: options.databaseUrl ?? db.url, withWorker: options.withWorker ?? true }),
      ...(options.extraModules ?? []),
    ],
  }).compile();
  const logger = options.logger ?? new JsonLogger({ level: 'error' });
  // As createApiApp does: no Nest body parser, then the same HTTP edge as production.
  const app = moduleRef.createNestApplication({ logger, bodyParser: false });
  // Before the edge: it sees every answer, the edge's refusals included (docs/api-reference.md).
  const contract = process.env.OPENAPI_CONTRACT === 'off' ? undefined : recordContract(app, db.pool);
  configureHttpEdge(app, config, { logger });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  const stopGateway = () => (stopped ??= app.close());
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    contract,
    stopGateway,
    close: async () => {
      await stopGateway();
      await contract?.finish();
      await db.drop();
    },
  };
}
