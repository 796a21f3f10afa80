import type { AppConfig } from '@gateway/config';
import { EmbeddedPostgresServer } from './embedded-postgres.server';

export interface DatabaseTarget {
  url: string;
  /** Set when this process started its own embedded PostgreSQL (stop it last on shutdown). */
  embedded?: EmbeddedPostgresServer;
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * `DATABASE_URL` when set; otherwise a real PostgreSQL started from the `embedded-postgres`
 * package with its data under `DATA_DIR`.
 */
export async function resolveDatabase(
  config: AppConfig,
  log: (line: string) => void = () => undefined,
): Promise<DatabaseTarget> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  // Another process of ours (npm start, say) already runs the embedded server on DATA_DIR: share it.
  const running = await EmbeddedPostgresServer.findRunning(config.DATA_DIR);
  if (running) return { url: running };
  const embedded = new EmbeddedPostgresServer({ dataDir: config.DATA_DIR, log });
  const signalListenersBefore = listenersBySignal();
  const url = await embedded.start();
  // embedded-postgres installs its own signal hooks that stop the server (and exit) at once;
  // remove them so shutdown happens in order: HTTP drained, subscriptions checkpointed,
  // pool closed, and only then the server stopped by us.
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!signalListenersBefore.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return { url, embedded };
}

function listenersBySignal(): Map<string, NodeJS.SignalsListener[]> {
  return new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
}
