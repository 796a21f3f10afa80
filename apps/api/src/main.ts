import 'reflect-metadata';
import type { Server } from 'node:http';
import { installGracefulShutdown, prepareInfrastructure, runMain } from '@gateway/bootstrap';
import { loadConfig } from '@gateway/config';
import { JsonLogger } from '@gateway/http-edge';
import { Logger } from '@nestjs/common';
import { createApiApp } from './create-api-app';
import { demoInstructions, provisionDemoBusiness } from './demo-business';

/**
 * `node dist/apps/api/src/main.js [--with-worker]`: the HTTP edge; with --with-worker (what
 * `npm start` does) the worker's subscriptions and scheduler run in the same process.
 */
async function main(): Promise<void> {
  const logger = new Logger('Gateway');
  const config = loadConfig();
  // JSON lines for log collectors; a short human line when a person watches the terminal.
  const jsonLogger = new JsonLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY === true });
  Logger.overrideLogger(jsonLogger);
  const withWorker = process.argv.includes('--with-worker');
  const database = await prepareInfrastructure(config, (line) => logger.debug(line.trim()));
  if (database.embedded) logger.log(`Embedded PostgreSQL running (data in ${config.DATA_DIR})`);
  const app = await createApiApp({ config, databaseUrl: database.url, withWorker }, jsonLogger);
  await app.init();
  // Seed before listening, so a request (or a shutdown) never meets a half-made demo business.
  const demo = withWorker ? await provisionDemoBusiness(app) : undefined;
  await app.listen(config.PORT, '0.0.0.0');
  installGracefulShutdown(app, database, {
    httpServer: app.getHttpServer() as Server,
    log: (line) => logger.log(line),
  });
  const base = `http://localhost:${config.PORT}`;
  logger.log(`Gateway ${withWorker ? 'api + worker' : 'api'} listening on ${base}`);
  logger.log(`Health: curl ${base}/health   Readiness: curl ${base}/ready   API docs: ${base}/docs`);
  // Printed plainly (not through the JSON logger) so a person can copy the lines.
  if (demo) process.stdout.write(`\n${demoInstructions(demo, base).join('\n')}\n\n`);
}

runMain(main);
