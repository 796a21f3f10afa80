import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { AppConfig } from '@gateway/config';
import { ProjectionHost } from '@gateway/worker';
import {
  discoverProjections,
  ProjectionRunner,
  readAllCheckpoints,
  readCheckpoint,
  rebuildAllProjections,
  resetProjection,
  type ProjectionVerification,
  verifyProjection,
} from '@gateway/projections';
import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
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
          rows
            .map(
              (r) =>
                `${r.name.padEnd(32)} ${String(r.eventsSeen).padStart(10)} events  at ` +
                `${r.position}${r.lastError ? `  ERROR: ${r.lastError}` : ''}`,
            )
            .join('\n'),
        );
      }),
    );

  projections
    .command('rebuild [name]')
    .description(
      'Empty a projection and replay the whole log into it; ' +
        '--all: every read model in one pass over the log (bulk load; no worker may be running)',
    )
    .option('--all', 'rebuild every read model in one pass (stop the workers first)')
    .option('--page-size <events>', 'with --all: events per page', (value) => positiveInteger(value), 5000)
    .option('--json', 'machine-readable output')
    .action(async (name: string | undefined, options: { json?: boolean; all?: boolean; pageSize: number }) =>
      withCliContext(async (app) => {
        if (options.all) return rebuildEveryReadModel(app, options);
        if (name === undefined) throw new Error('Name a projection, or pass --all');
        const projection = discoverProjections(app.get(DiscoveryService)).find((p) => p.name === name);
        if (!projection) throw new Error(`No projection named ${name}`);
        const pool = app.get(Pool);
        const store = app.get<EventStore>(EVENT_STORE);
        const total = await countEvents(pool, app.get(AppConfig));
        await resetProjection(pool, projection);
        const bar = options.json
          ? undefined
          : new SingleBar({ format: `${name} [{bar}] {percentage}% | {value}/{total} events | {eta}s left` });
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
        print(
          Boolean(options.json),
          { name, events: applied, replayedBy: ranHere ? 'cli' : 'worker' },
          () => `Rebuilt ${name}: ${applied} events replayed by the ${ranHere ? 'CLI' : 'running worker'}`,
        );
      }),
    );

  projections
    .command('verify [name]')
    .description(
      'Rebuild projections into a scratch schema and diff them against the live tables; exits 1 on any difference',
    )
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
          const bar =
            options.json || projection.tables.length === 0
              ? undefined
              : new SingleBar({
                  format: `${projection.name} [{bar}] {percentage}% | {value}/{total} events`,
                  clearOnComplete: true,
                });
          bar?.start(total ?? 0, 0);
          verified.push(
            await verifyProjection(pool, store, projection, {
              onProgress: (events) =>
                bar?.update(events, total !== undefined && events > total ? { total: events } : undefined),
            }),
          );
          bar?.stop();
        }
        return verified;
      });
      print(Boolean(options.json), { clean: results.every((r) => r.clean), projections: results }, () =>
        results.map(humanVerification).join('\n'),
      );
      if (!results.every((r) => r.clean)) process.exitCode = 1;
    });
}

/**
 * The offline rebuild of every read model (`rebuildAllProjections`): one read of each page for all
 * of them, and the bulk path (COPY, indexes built after the load) where a projection has one.
 * It takes every projection's lease, so it refuses while a worker runs.
 */
async function rebuildEveryReadModel(
  app: INestApplicationContext,
  options: { json?: boolean; pageSize: number },
): Promise<void> {
  // This process's own runners (they serve other commands' read-your-writes) hold leases too.
  await app.get(ProjectionHost).stop();
  const pool = app.get(Pool);
  const total = await countEvents(pool, app.get(AppConfig));
  const bar = options.json
    ? undefined
    : new SingleBar({ format: `all read models [{bar}] {percentage}% | {value}/{total} events | {eta}s left` });
  bar?.start(total ?? 0, 0);
  const started = Date.now();
  const result = await rebuildAllProjections(
    pool,
    app.get<EventStore>(EVENT_STORE),
    discoverProjections(app.get(DiscoveryService)),
    {
      pageSize: options.pageSize,
      onProgress: (events) =>
        bar?.update(events, total !== undefined && events > total ? { total: events } : undefined),
    },
  );
  bar?.stop();
  const seconds = (Date.now() - started) / 1000;
  const summary = {
    projections: result.projections,
    events: result.events,
    seconds,
    eventsPerSecond: Math.round(result.events / Math.max(seconds, 0.001)),
  };
  print(
    Boolean(options.json),
    summary,
    () =>
      `Rebuilt ${summary.projections.length} read models from ${summary.events} events in ${seconds.toFixed(1)} s ` +
      `(${summary.eventsPerSecond} events/s): ${summary.projections.join(', ')}`,
  );
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return parsed;
}

function humanVerification(result: ProjectionVerification): string {
  if (result.skipped) return `${result.name.padEnd(32)} skipped (${result.skipped})`;
  const head = `${result.name.padEnd(32)} ${result.clean ? 'clean' : 'DIFFERS'} after ${result.events} events`;
  const lines = result.tables
    .filter((t) => t.onlyLive > 0 || t.onlyReplayed > 0)
    .map(
      (t) =>
        `    ${t.table}: ${t.onlyLive} rows only live, ${t.onlyReplayed} only in the rebuild; ` +
        `e.g. live ${JSON.stringify(t.samples.onlyLive[0] ?? null)} rebuilt ` +
        `${JSON.stringify(t.samples.onlyReplayed[0] ?? null)}`,
    );
  return [head, ...lines].join('\n');
}

/** Events in the log, for the progress bar; unknown on EventStoreDB. */
async function countEvents(pool: Pool, config: AppConfig): Promise<number | undefined> {
  if (config.EVENT_STORE !== 'postgres') return undefined;
  const { rows } = await pool.query<{ count: string }>('SELECT count(*) AS count FROM es_events');
  return Number(rows[0].count);
}
