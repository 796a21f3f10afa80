import type { PostgresEventStore } from '@gateway/event-store';
import { sampleEvents } from './sample-events';

const EVENTS_PER_STREAM = 10;
const WRITERS = 16;

/**
 * Fills an empty store with exactly `total` events: streams of ten events, each written as
 * one append, by concurrent writers. Many small transactions give the log the same shape
 * (many distinct tx_ids) as production traffic, which is what catch-up reads page through.
 */
export async function seedLog(store: PostgresEventStore, total: number): Promise<void> {
  const streams = Math.ceil(total / EVENTS_PER_STREAM);
  let nextStream = 0;
  const writer = async () => {
    while (nextStream < streams) {
      const stream = nextStream++;
      const count = Math.min(EVENTS_PER_STREAM, total - stream * EVENTS_PER_STREAM);
      await store.append(`charge-seed-${stream}`, sampleEvents(count, stream * EVENTS_PER_STREAM), 'no_stream');
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}
