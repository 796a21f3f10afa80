import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgresServer, migrate, type MigrationSet } from '@gateway/database';
import { Client, Pool } from 'pg';

export interface BenchDatabase {
  pool: Pool;
  url: string;
  drop(): Promise<void>;
}

/**
 * The PostgreSQL server the benchmarks run against: `DATABASE_URL` when set, otherwise a
 * throwaway embedded cluster. Every measurement group gets a fresh `bench_<random>` database,
 * so table sizes and caches never leak from one group into the next.
 */
export class BenchPostgres {
  private constructor(
    readonly adminUrl: string,
    readonly source: 'embedded' | 'DATABASE_URL',
    private readonly embedded?: { server: EmbeddedPostgresServer; dataDir: string },
  ) {}

  /** `settings`: more server settings for the embedded cluster (ignored with `DATABASE_URL`). */
  static async start(settings?: Record<string, string>): Promise<BenchPostgres> {
    const external = process.env.DATABASE_URL;
    if (external) return new BenchPostgres(external, 'DATABASE_URL');
    const dataDir = await mkdtemp(join(tmpdir(), 'gateway-bench-'));
    const server = new EmbeddedPostgresServer({ dataDir, ephemeral: true, settings });
    return new BenchPostgres(await server.start(), 'embedded', { server, dataDir });
  }

  async createDatabase(migrations: MigrationSet[], poolSize = 20): Promise<BenchDatabase> {
    const name = `bench_${randomBytes(6).toString('hex')}`;
    await this.withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
    const url = new URL(this.adminUrl);
    url.pathname = `/${name}`;
    // idleTimeoutMillis 0: keep idle connections, so a 1-writer measurement does not make the
    // next 16-writer one pay for reconnecting (pg closes idle clients after 10 s by default).
    const pool = new Pool({ connectionString: url.toString(), max: poolSize, idleTimeoutMillis: 0 });
    pool.on('error', () => undefined); // an idle client dropped by the server must not crash the run
    await migrate(pool, migrations);
    return {
      pool,
      url: url.toString(),
      drop: async () => {
        await pool.end();
        await this.withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }

  /** `SELECT version()` plus the settings that decide commit and read speed. */
  async describe(): Promise<{ version: string; settings: Record<string, string> }> {
    return this.withAdmin(async (admin) => {
      const version = (await admin.query<{ version: string }>('SELECT version()')).rows[0].version;
      const { rows } = await admin.query<{ name: string; setting: string }>(
        `SELECT name, current_setting(name) AS setting FROM pg_settings
          WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method', 'shared_buffers', 'max_connections')
          ORDER BY name`,
      );
      return { version, settings: Object.fromEntries(rows.map((row) => [row.name, row.setting])) };
    });
  }

  async stop(): Promise<void> {
    if (!this.embedded) return;
    await this.embedded.server.stop();
    // `ephemeral` removes the cluster directory inside; the temporary directory around it is ours.
    await rm(this.embedded.dataDir, { recursive: true, force: true });
  }

  private async withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client(this.adminUrl);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}
