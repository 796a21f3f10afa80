import type { EventStore } from '@gateway/event-store';
import type { ProjectionProgress } from './projection-progress';

/**
 * Waits until `projection` has passed the last event of `streamName` (bounded; false when the
 * time ran out). For an answer decided on the stream's own state without appending anything (a
 * refused double submit: the payment is already paid) whose next page reads the read model: that
 * page must show the state the refusal saw, not the one before it.
 */
export async function waitForStream(
  progress: ProjectionProgress,
  store: EventStore,
  projection: string,
  streamName: string,
  timeoutMs = 10_000,
): Promise<boolean> {
  const [last] = await store.readStream(streamName, { direction: 'backwards', maxCount: 1 });
  return last ? progress.waitFor(projection, last.position, timeoutMs) : true;
}
