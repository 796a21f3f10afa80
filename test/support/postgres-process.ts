import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** A real PostgreSQL (embedded package) in a child process, which a test can stop and start again on the same port. */
export class PostgresProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(dataDir: string, port?: number): Promise<PostgresProcess> {
    const child = spawn(
      process.execPath,
      [join(__dirname, 'embedded-postgres.child.js'), dataDir, ...(port ? [String(port)] : [])],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${output}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^URL (\S+)$/m.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`PostgreSQL exited with ${code}:\n${output}`)));
    });
    return new PostgresProcess(child, url);
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** A fast shutdown (pg_ctl stop -m fast): clients are disconnected, open transactions roll back. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
