import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';

/**
 * The merchant asked for a sample callback of one kind ("test and save" in the dashboard), to
 * check a receiver before real events arrive. Delivered like every other callback.
 */
export type CallbackTestRequested = DomainEvent<
  'CallbackTestRequested',
  { testId: string; kind: string; requestedAt: string }
>;

export const callbackTestStream = (testId: string) => `callback_test-${testId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const CALLBACK_TEST_EVENT_SCHEMAS = declareEventSchemas<CallbackTestRequested>('webhooks', {
  CallbackTestRequested: 1,
});
