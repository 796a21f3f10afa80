import type { EmbeddedPostgresServer } from '../../platform/src/database/embedded-postgres.server';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __embeddedPostgres?: EmbeddedPostgresServer }).__embeddedPostgres?.stop();
}
