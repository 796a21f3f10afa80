import type { RecordedEvent } from '@gateway/event-store';
import type { MigrationSet } from '@gateway/database';
import type { Projection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { SAMPLE_EVENT_TYPES } from './sample-events';

export const streamCounterMigrations: MigrationSet = {
  component: 'bench-stream-counter',
  migrations: [
    {
      version: 1,
      name: 'counter table',
      sql: 'CREATE TABLE bench_stream_counts (stream_name text PRIMARY KEY, events bigint NOT NULL)',
    },
  ],
};

/**
 * The simplest useful read model: events per stream, one set-based upsert per batch (as in
 * projection-runner.spec.ts), so the measurement is the runner's overhead, not the model's.
 */
export const streamCounterProjection: Projection = {
  name: 'bench_stream_counter',
  tables: ['bench_stream_counts'],
  eventTypes: SAMPLE_EVENT_TYPES,
  async apply(events: RecordedEvent[], tx: ClientBase) {
    await tx.query({
      name: 'bench_stream_counter_apply',
      text: `INSERT INTO bench_stream_counts (stream_name, events)
             SELECT s, count(*) FROM unnest($1::text[]) AS s GROUP BY s
             ON CONFLICT (stream_name) DO UPDATE SET events = bench_stream_counts.events + excluded.events`,
      values: [events.map((event) => event.streamName)],
    });
  },
};
