import type { INestApplicationContext } from '@nestjs/common';
import type { DatabaseTarget } from '@gateway/database';
import type { Server } from 'node:http';

/**
 * On SIGINT/SIGTERM: stop accepting connections and let in-flight requests finish, stop
 * subscriptions after their checkpoint, close pools, and only then stop an embedded PostgreSQL.
 */
export function installGracefulShutdown(
  app: INestApplicationContext,
  database: DatabaseTarget,
  options: { httpServer?: Server; log: (line: string) => void; timeoutMs?: number },
): void {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    options.log(`${signal} received: shutting down`);
    const force = setTimeout(() => {
      options.log('Shutdown took too long; exiting');
      process.exit(1);
    }, options.timeoutMs ?? 30_000);
    force.unref();
    try {
      if (options.httpServer) await closeHttpServer(options.httpServer);
      await app.close();
      await database.embedded?.stop();
      options.log('Stopped cleanly');
      process.exit(0);
    } catch (error) {
      options.log(`Shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void shutdown(signal));
}

function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // close() waits for in-flight requests; idle keep-alive sockets are closed right away.
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
