import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A client checked out of the pool and held across awaits must listen for 'error': pg emits a
 * connection lost between two queries (a database restart) as an 'error' event, which without a
 * listener crashes the whole process (found by the database-restart reliability suite on the request
 * log's writer). `withPooledClient` / `guardConnection` are the one guard; this test keeps every
 * checkout behind it.
 */
const ROOT = join(__dirname, '..', '..', '..');

/** Checkouts that may stay unguarded, and why. */
const EXEMPT: Record<string, string> = {
  'libs/database/src/pooled-client.ts': 'the guard itself',
  'libs/database/src/migrator.ts': 'start-up only: a lost database fails the start either way',
  'libs/projections/src/verify-projection.ts': 'a one-shot CLI check: the process ends with it',
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}

/** Lines that check a client out of a pool without `guardConnection` on the next lines. */
function unguardedCheckouts(text: string): number[] {
  const lines = text.split('\n');
  const found: number[] = [];
  lines.forEach((line, index) => {
    if (!/\bpool\.connect\(\)/.test(line)) return;
    const following = lines.slice(index, index + 4).join('\n');
    if (!/guardConnection\(/.test(following)) found.push(index + 1);
  });
  return found;
}

describe('pooled connections', () => {
  it('are checked out only through the guard', () => {
    const offenders = ['apps', 'libs']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .map((path) => ({ file: relative(ROOT, path), lines: unguardedCheckouts(readFileSync(path, 'utf8')) }))
      .filter(({ file, lines }) => lines.length > 0 && !(file in EXEMPT))
      .map(({ file, lines }) => `${file}:${lines.join(',')}`);
    expect(offenders).toEqual([]);
  });

  it('finds an unguarded checkout, and accepts a guarded one', () => {
    const unguarded = [
      '  async write() {',
      '    const client = await this.pool.connect();',
      '    await client.query(sql);',
    ];
    expect(unguardedCheckouts(unguarded.join('\n'))).toEqual([2]);
    const guarded = ['    const client = await this.pool.connect();', '    const guard = guardConnection(client);'];
    expect(unguardedCheckouts(guarded.join('\n'))).toEqual([]);
  });
});
