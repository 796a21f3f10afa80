import {
  ANY,
  type AppendExpectedRevision,
  type Position,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
  NO_STREAM,
  ErrorType,
} from '@eventstore/db-client';
import { comparePositions, type EventMetadata, type GlobalPosition, type RecordedEvent } from '../event-envelope';
import { EventStoreUnavailableError } from '../event-store.errors';
import type { ExpectedRevision } from '../event-store.port';
import type { EventSchemaRegistry } from '../schema/event-schema-registry';

/**
 * Pure translations between our port and the EventStoreDB client, kept apart from the
 * adapter so they can be unit-tested without a server.
 */

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  // The client would send -1 as a huge unsigned revision; our port has `no_stream` for that.
  if (expected < 0n) throw new RangeError(`Expected revision must be >= 0, got ${expected.toString()}`);
  return expected;
}

/**
 * The stream's actual revision from the client's WrongExpectedVersionError. Client 6.x sets
 * `actualVersion` (a bigint or `no_stream`); later clients renamed it, so `actualState` is read
 * too. `undefined` when neither tells us, so the caller can look the stream up instead.
 */
export function actualRevisionOf(error: unknown): bigint | 'no_stream' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { actualVersion, actualState } = error as { actualVersion?: unknown; actualState?: unknown };
  return asCurrentRevision(actualVersion) ?? asCurrentRevision(actualState);
}

function asCurrentRevision(value: unknown): bigint | 'no_stream' | undefined {
  if (value === NO_STREAM) return 'no_stream';
  let revision: bigint | undefined;
  if (typeof value === 'bigint') revision = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) revision = BigInt(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) revision = BigInt(value);
  if (revision === undefined) return undefined;
  // Older servers report a missing stream as revision -1.
  return revision < 0n ? 'no_stream' : revision;
}

export function toGlobalPosition(position: Position): GlobalPosition {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

export function toEsdbPosition(position: GlobalPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

export function isAfter(position: GlobalPosition, cursor: GlobalPosition | undefined): boolean {
  return cursor === undefined || comparePositions(position, cursor) > 0;
}

/** EventStoreDB's own records ($stats, $metadata, projection links...) never reach our readers. */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

/**
 * Our envelope from a resolved event, in its type's current schema version (every read of this
 * adapter goes through here), or `undefined` for system events and for links whose target was
 * deleted. A stream read carries no position on servers older than 22.6; the commit position of
 * the resolved event is the closest fallback there.
 */
export function toRecordedEvent(resolved: AnyResolvedEvent, schemas: EventSchemaRegistry): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEvent(event)) return undefined;
  const position = event.position ?? fallbackPosition(resolved.commitPosition);
  return schemas.upcast({
    id: event.id,
    type: event.type,
    data: decodeData(event.data),
    metadata: decodeMetadata(event.metadata, event.created),
    streamName: event.streamId,
    revision: BigInt(event.revision),
    position: toGlobalPosition(position),
    recordedAt: event.created,
  });
}

function fallbackPosition(commitPosition: bigint | undefined): Position {
  if (commitPosition === undefined) throw new Error('EventStoreDB returned an event without a position');
  return { commit: commitPosition, prepare: commitPosition };
}

/** Events written by other tools may be binary; JSON inside them is still decoded. */
function decodeData(data: unknown): unknown {
  if (!(data instanceof Uint8Array)) return data;
  return parseJsonBytes(data) ?? data;
}

/**
 * The client already parses JSON metadata. Events written by other tools may carry none; they
 * get explicit `unknown` markers rather than an object that silently breaks EventMetadata.
 */
export function decodeMetadata(metadata: unknown, recordedAt: Date): EventMetadata {
  const parsed = metadata instanceof Uint8Array ? parseJsonBytes(metadata) : metadata;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as EventMetadata;
  return { correlationId: 'unknown', actor: 'unknown', occurredAt: recordedAt.toISOString() };
}

function parseJsonBytes(bytes: Uint8Array): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const TRANSIENT_ERROR_TYPES: ReadonlySet<string> = new Set([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.NOT_LEADER,
  ErrorType.CANCELLED,
]);
/** gRPC status codes: CANCELLED, DEADLINE_EXCEEDED, UNAVAILABLE. */
const TRANSIENT_GRPC_CODES: ReadonlySet<number> = new Set([1, 4, 14]);
const NETWORK_ERRNOS: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
]);

/**
 * Whether the server could not be reached or dropped us, as opposed to refusing the request.
 * The client does not always wrap gRPC errors (its server-features probe rethrows them raw),
 * so raw status codes and socket errnos count too.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof EventStoreUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { type, code, message } = error as { type?: unknown; code?: unknown; message?: unknown };
  if (typeof type === 'string' && TRANSIENT_ERROR_TYPES.has(type)) return true;
  if (typeof code === 'number' && TRANSIENT_GRPC_CODES.has(code)) return true;
  if (typeof code === 'string' && NETWORK_ERRNOS.has(code)) return true;
  // Cluster discovery gives up with a plain Error.
  return typeof message === 'string' && message.startsWith('Failed to discover after');
}

/** Doubling delay for reconnects, capped so a long outage is retried at a steady pace. */
export function reconnectDelayMs(attempt: number, options: { initialDelayMs: number; maxDelayMs: number }): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.min(exponent, 30));
}
