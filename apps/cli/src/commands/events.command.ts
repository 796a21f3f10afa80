import { AuditedResources, evolveWith, jsonSafe, toAuditEvent } from '@gateway/audit';
import { invalidRequest, SHARED_ERROR_CODES } from '@gateway/domain';
import { EVENT_STORE, type EventStore, type GlobalPosition, type RecordedEvent } from '@gateway/event-store';
import { AppConfig } from '@gateway/config';
import type { Command } from 'commander';
import { Pool } from 'pg';
import { withCliContext } from '../cli-context';
import { print } from '../output';

export function registerEventCommands(program: Command): void {
  const events = program.command('events').description('The event log, for auditors and operators');

  events
    .command('tail')
    .description('The last events of the log, then (with --follow) every new one as it commits')
    .option('-n, --lines <count>', 'how many past events to show first', '20')
    .option('--follow', 'keep printing new events until interrupted')
    .option('--business <businessId>', 'only this business')
    .option('--type <type>', 'only this event type')
    .option('--json', 'one JSON object per event')
    .action(async (options: { lines: string; follow?: boolean; business?: string; type?: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const lines = Number(options.lines);
        if (!Number.isSafeInteger(lines) || lines < 0) throw invalidRequest('--lines must be a whole number');
        const store = app.get<EventStore>(EVENT_STORE);
        const keep = (event: RecordedEvent) =>
          (!options.business || event.metadata.businessId === options.business) &&
          (!options.type || event.type === options.type);
        const show = (event: RecordedEvent) => print(Boolean(options.json), toAuditEvent(event), () => oneLine(event));
        const after = await tailStart(app.get(Pool), app.get(AppConfig), lines);
        const stop = new AbortController();
        process.once('SIGINT', () => stop.abort());
        if (!options.follow) {
          let cursor = after;
          for (;;) {
            const page = await store.readAll({ after: cursor, maxCount: 1000 });
            if (page.length === 0) break;
            page.filter(keep).forEach(show);
            cursor = page[page.length - 1].position;
          }
          return;
        }
        for await (const batch of store.subscribeToAll({ after, signal: stop.signal }))
          batch.filter(keep).forEach(show);
      }),
    );

  events
    .command('show <eventIdOrStream> [revision]')
    .description('One event with all its metadata: by event id (PostgreSQL store), or by stream and revision')
    .option('--json', 'machine-readable output')
    .action(async (target: string, revision: string | undefined, options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const store = app.get<EventStore>(EVENT_STORE);
        let event: RecordedEvent | undefined;
        if (revision !== undefined) {
          if (!/^\d{1,18}$/.test(revision)) throw invalidRequest('revision must be a whole number');
          [event] = await store.readStream(target, { fromRevision: BigInt(revision), maxCount: 1 });
          if (event && event.revision !== BigInt(revision)) event = undefined;
        } else {
          if (app.get(AppConfig).EVENT_STORE !== 'postgres')
            throw invalidRequest('by event id needs the PostgreSQL store; pass <stream> <revision>');
          if (!/^[0-9a-f-]{36}$/i.test(target)) throw invalidRequest('not an event id (uuid)');
          const { rows } = await app
            .get(Pool)
            .query<{ stream_name: string; revision: string }>(
              'SELECT stream_name, revision::text FROM es_events WHERE event_id = $1',
              [target],
            );
          if (rows[0])
            [event] = await store.readStream(rows[0].stream_name, {
              fromRevision: BigInt(rows[0].revision),
              maxCount: 1,
            });
        }
        if (!event)
          throw SHARED_ERROR_CODES.error(
            'DATA_NOT_FOUND',
            `No event ${target}${revision !== undefined ? ` revision ${revision}` : ''}`,
          );
        const shown = toAuditEvent(event);
        print(Boolean(options.json), shown, () => JSON.stringify(shown, null, 2));
      }),
    );

  program
    .command('streams')
    .description('Event streams')
    .command('replay <stream>')
    .description("Each event of a stream with the state after it, folded with the write side's decider")
    .option('--json', 'machine-readable output')
    .action(async (stream: string, options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const recorded = await app.get<EventStore>(EVENT_STORE).readStream(stream);
        if (recorded.length === 0) throw SHARED_ERROR_CODES.error('DATA_NOT_FOUND', `No stream ${stream}`);
        const resource = app.get(AuditedResources).forStream(stream);
        let state: unknown = resource?.decider.initialState;
        const steps = recorded.map((event) => {
          if (resource) state = evolveWith(resource, state, event);
          return { event: toAuditEvent(event), state: resource ? jsonSafe(state) : null };
        });
        const value = { stream, resource: resource?.resource ?? null, steps };
        print(Boolean(options.json), value, () =>
          [
            resource
              ? `${stream} (${resource.resource})`
              : `${stream} (no decider registered for this category: events only)`,
            ...steps.map(
              (step) => `${oneLine(recorded[Number(step.event.revision)])}\n    state: ${JSON.stringify(step.state)}`,
            ),
          ].join('\n'),
        );
      }),
    );
}

function oneLine(event: RecordedEvent): string {
  const { metadata } = event;
  return (
    `${event.recordedAt.toISOString()}  ${event.streamName}@${event.revision}  ${event.type}  ` +
    `actor=${metadata.actor} request=${metadata.correlationId}` +
    `${metadata.businessId ? ` business=${metadata.businessId}/${metadata.mode ?? '-'}` : ''}`
  );
}

/** The position just before the last `lines` events (PostgreSQL); the start of the log elsewhere. */
async function tailStart(pool: Pool, config: AppConfig, lines: number): Promise<GlobalPosition | undefined> {
  if (config.EVENT_STORE !== 'postgres') return undefined;
  const { rows } = await pool.query<{ commit: string; prepare: string }>(
    'SELECT tx_id::text AS commit, position::text AS prepare FROM es_events ORDER BY tx_id DESC, ' +
      'position DESC OFFSET $1 LIMIT 1',
    [lines],
  );
  return rows[0] ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : undefined;
}
