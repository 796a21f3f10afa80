import 'reflect-metadata';
import { installGracefulShutdown, prepareInfrastructure } from '@gateway/bootstrap';
import { ConfigError, loadConfig, nestLogLevels } from '@gateway/platform';
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
  Logger.overrideLogger(nestLogLevels(config.LOG_LEVEL));
  const withWorker = process.argv.includes('--with-worker');
  const database = await prepareInfrastructure(config, (line) => logger.debug(line.trim()));
  if (database.embedded) logger.log(`Embedded PostgreSQL running (data in ${config.DATA_DIR})`);
  const app = await createApiApp({ config, databaseUrl: database.url, withWorker }, nestLogLevels(config.LOG_LEVEL));
  await app.listen(config.PORT, '0.0.0.0');
  installGracefulShutdown(app, database, { httpServer: app.getHttpServer(), log: (line) => logger.log(line) });
  const base = `http://localhost:${config.PORT}`;
  logger.log(`Gateway ${withWorker ? 'api + worker' : 'api'} listening on ${base}`);
  logger.log(`Health: curl ${base}/health   Readiness: curl ${base}/ready   API docs: ${base}/docs`);
  if (withWorker) {
    const demo = await provisionDemoBusiness(app);
    // Printed plainly (not through the JSON logger) so a person can copy the lines.
    if (demo) process.stdout.write(`\n${demoInstructions(demo, base).join('\n')}\n\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
