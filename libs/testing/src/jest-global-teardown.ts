import type { EmbeddedPostgresServer } from '../../database/src/embedded-postgres.server';

export default async function globalTeardown(): Promise<void> {
  const servers = (globalThis as { __embeddedPostgres?: EmbeddedPostgresServer[] }).__embeddedPostgres ?? [];
  await Promise.all(servers.map((server) => server.stop()));
}
