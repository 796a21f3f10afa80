import { createHash } from 'node:crypto';
import type { EventMetadata, NewEvent } from '../event-envelope';
import { canonicalJson } from './canonical-json';

/** The metadata key holding an event's link in its stream's hash chain. */
export const CHAIN_HASH_KEY = 'chainHash';

/** The hash before a stream's first event. */
export const CHAIN_START = '';

export interface ChainedEventFields {
  id: string;
  streamName: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * sha256 (hex) over the previous event's hash and everything that makes this event what it is:
 * id, stream, revision, type, data and metadata (without the hash itself). Byte for byte the
 * same as `es_chain_hash` in SQL (event-store migration 4): rewriting an event in place, or
 * removing or reordering events of a stream, breaks the chain from there on.
 */
export function chainHash(previous: string, event: ChainedEventFields): string {
  const text = [
    previous,
    event.id.toLowerCase(),
    event.streamName,
    event.revision.toString(),
    event.type,
    canonicalJson(event.data),
    canonicalJson(withoutChainHash(event.metadata)),
  ].join('\n');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function withoutChainHash(metadata: EventMetadata): EventMetadata {
  if (!(CHAIN_HASH_KEY in metadata)) return metadata;
  const { [CHAIN_HASH_KEY]: _removed, ...rest } = metadata;
  return rest;
}

export function chainHashOf(metadata: EventMetadata): string | undefined {
  const value = metadata[CHAIN_HASH_KEY];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Client-side sealing (EventStoreDB adapter): the events to append with their chain hashes in
 * their metadata, given the hash of the stream's last event and its next revision.
 */
export function sealEvents(
  streamName: string,
  previousHash: string,
  firstRevision: bigint,
  events: NewEvent[],
): NewEvent[] {
  let previous = previousHash;
  return events.map((event, index) => {
    const metadata = withoutChainHash(event.metadata);
    const data = event.data === undefined ? null : event.data;
    previous = chainHash(previous, {
      id: event.id,
      streamName,
      revision: firstRevision + BigInt(index),
      type: event.type,
      data,
      metadata,
    });
    return { ...event, data, metadata: { ...metadata, [CHAIN_HASH_KEY]: previous } };
  });
}
