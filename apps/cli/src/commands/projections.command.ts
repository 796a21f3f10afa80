import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { AppConfig } from '@gateway/platform';
import { discoverProjections, ProjectionRunner, readAllCheckpoints, readCheckpoint, resetProjection, type ProjectionVerification, verifyProjection } from '@gateway/projections';
import { DiscoveryService } from '@nestjs/core';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { Pool } from 'pg';
import { withCliContext } from '../cli-context';
import { print } from '../output';

export function registerProjectionCommands(program: Command): void {
  const projections = program.command('projections').description('Read models built from the event log');

  projections
    .command('status')
    .description('Checkpoint, events seen and last error of every projection')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const pool = app.get(Pool);
        const known = discoverProjections(app.get(DiscoveryService)).map((p) => p.name);
        const checkpoints = await readAllCheckpoints(pool);
        const rows = known.map((name) => {
          const checkpoint = checkpoints.find((c) => c.name === name);
          return {
            name,
            position: checkpoint ? `${checkpoint.position.commit}/${checkpoint.position.prepare}` : 'not started',
            eventsSeen: checkpoint?.eventsSeen ?? 0n,
            lastError: checkpoint?.lastError ?? null,
            updatedAt: checkpoint?.updatedAt ?? null,
          };
        });
        print(Boolean(options.json), rows, () =>
          rows.map((r) => `${r.name.padEnd(32)} ${String(r.eventsSeen).padStart(10)} events  at ${r.position}${r.lastError ? `  ERROR: ${r.lastError}` : ''}`).join('\n'),
        );
      }),
    );

  projections
    .command('rebuild <name>')
    .description('Empty a projection and replay the whole log into it')
    .option('--json', 'machine-readable output')
    .action(async (name: string, options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const projection = discoverProjections(app.get(DiscoveryService)).find((p) => p.name === name);
        if (!projection) throw new Error(`No projection named ${name}`);
        const pool = app.get(Pool);
        const store = app.get<EventStore>(EVENT_STORE);
        const total = await countEvents(pool, app.get(AppConfig));
        await resetProjection(pool, projection);
        const bar = options.json ? undefined : new SingleBar({ format: `${name} [{bar}] {percentage}% | {value}/{total} events | {eta}s left` });
        bar?.start(total ?? 0, 0);
        const runner = new ProjectionRunner(pool, store, projection, undefined, { batchSize: 2000 });
        let applied = 0;
        const ranHere = await runner.runUntilCaughtUp((count) => {
          applied += count;
          bar?.update(applied, total !== undefined && applied > total ? { total: applied } : undefined);
        });
        if (!ranHere) {
          // A worker holds the projection: it replays; show its progress until it is caught up.
          for (;;) {
            const checkpoint = await readCheckpoint(pool, name);
            applied = Number(checkpoint?.eventsSeen ?? 0);
            bar?.update(applied);
            if (total !== undefined && applied >= total) break;
            if (total === undefined) break;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
        bar?.stop();
        print(Boolean(options.json), { name, events: applied, replayedBy: ranHere ? 'cli' : 'worker' }, () =>
          `Rebuilt ${name}: ${applied} events replayed by the ${ranHere ? 'CLI' : 'running worker'}`,
        );
      }),
    );

  projections
    .command('verify [name]')
    .description('Rebuild projections into a scratch schema and diff them against the live tables; exits 1 on any difference')
    .option('--json', 'machine-readable output')
    .action(async (name: string | undefined, options: { json?: boolean }) => {
      const results = await withCliContext(async (app) => {
        const all = discoverProjections(app.get(DiscoveryService));
        const chosen = name === undefined ? all : all.filter((p) => p.name === name);
        if (chosen.length === 0) throw new Error(`No projection named ${name}`);
        const pool = app.get(Pool);
        const store = app.get<EventStore>(EVENT_STORE);
        const total = await countEvents(pool, app.get(AppConfig));
        const verified: ProjectionVerification[] = [];
        for (const projection of chosen) {
          const bar = options.json || projection.tables.length === 0 ? undefined : new SingleBar({ format: `${projection.name} [{bar}] {percentage}% | {value}/{total} events`, clearOnComplete: true });
          bar?.start(total ?? 0, 0);
          verified.push(await verifyProjection(pool, store, projection, { onProgress: (events) => bar?.update(events, total !== undefined && events > total ? { total: events } : undefined) }));
          bar?.stop();
        }
        return verified;
      });
      print(Boolean(options.json), { clean: results.every((r) => r.clean), projections: results }, () => results.map(humanVerification).join('\n'));
      if (!results.every((r) => r.clean)) process.exitCode = 1;
    });
}

function humanVerification(result: ProjectionVerification): string {
  if (result.skipped) return `${result.name.padEnd(32)} skipped (${result.skipped})`;
  const head = `${result.name.padEnd(32)} ${result.clean ? 'clean' : 'DIFFERS'} after ${result.events} events`;
  const lines = result.tables
    .filter((t) => t.onlyLive > 0 || t.onlyReplayed > 0)
    .map((t) => `    ${t.table}: ${t.onlyLive} rows only live, ${t.onlyReplayed} only in the rebuild; e.g. live ${JSON.stringify(t.samples.onlyLive[0] ?? null)} rebuilt ${JSON.stringify(t.samples.onlyReplayed[0] ?? null)}`);
  return [head, ...lines].join('\n');
}


/** Events in the log, for the progress bar; unknown on EventStoreDB. */
async function countEvents(pool: Pool, config: AppConfig): Promise<number | undefined> {
  if (config.EVENT_STORE !== 'postgres') return undefined;
  const { rows } = await pool.query<{ count: string }>('SELECT count(*) AS count FROM es_events');
  return Number(rows[0].count);
}
