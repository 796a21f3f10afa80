import {
  ANY,
  type AllStreamResolvedEvent,
  NO_STREAM,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { EventStoreUnavailableError } from '../event-store.errors';
import { EventSchemaRegistry } from '../schema/event-schema-registry';
import {
  actualRevisionOf,
  decodeMetadata,
  isAfter,
  isConnectionFailure,
  isSystemEvent,
  reconnectDelayMs,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toGlobalPosition,
  toRecordedEvent,
} from './eventstoredb-mapping';

describe('EventStoreDB mapping', () => {
  describe('expected revisions', () => {
    it('maps no_stream, any and revisions, and never sends a negative revision', () => {
      expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
      expect(toEsdbExpectedRevision('any')).toBe(ANY);
      expect(toEsdbExpectedRevision(0n)).toBe(0n);
      expect(toEsdbExpectedRevision(9_007_199_254_740_993n)).toBe(9_007_199_254_740_993n);
      expect(() => toEsdbExpectedRevision(-1n)).toThrow(RangeError);
    });
  });

  describe('wrong expected version', () => {
    const wrongVersion = (current: bigint | 'no_stream') =>
      new WrongExpectedVersionError(undefined, { streamName: 's', expected: 0n, current });

    it('reads the actual revision from the client error', () => {
      expect(actualRevisionOf(wrongVersion(3n))).toBe(3n);
      expect(actualRevisionOf(wrongVersion('no_stream'))).toBe('no_stream');
    });

    it('treats -1 from older servers as no_stream and accepts actualState from newer clients', () => {
      expect(actualRevisionOf({ actualVersion: -1n })).toBe('no_stream');
      expect(actualRevisionOf({ actualVersion: '12' })).toBe(12n);
      expect(actualRevisionOf({ actualState: 7n })).toBe(7n);
      expect(actualRevisionOf({ actualState: 'no_stream' })).toBe('no_stream');
    });

    it('says it does not know rather than guessing', () => {
      expect(actualRevisionOf({ actualVersion: 'stream_exists' })).toBeUndefined();
      expect(actualRevisionOf({})).toBeUndefined();
      expect(actualRevisionOf(undefined)).toBeUndefined();
    });
  });

  describe('positions', () => {
    it('converts both ways without losing bigint precision', () => {
      const big = { commit: 18_446_744_073_709_551_000n, prepare: 18_446_744_073_709_550_999n };
      expect(toGlobalPosition(big)).toEqual(big);
      expect(toEsdbPosition(big)).toEqual(big);
    });

    it('compares strictly after, commit first then prepare', () => {
      const cursor = { commit: 10n, prepare: 5n };
      expect(isAfter({ commit: 10n, prepare: 5n }, cursor)).toBe(false);
      expect(isAfter({ commit: 10n, prepare: 4n }, cursor)).toBe(false);
      expect(isAfter({ commit: 10n, prepare: 6n }, cursor)).toBe(true);
      expect(isAfter({ commit: 11n, prepare: 0n }, cursor)).toBe(true);
      expect(isAfter({ commit: 0n, prepare: 0n }, undefined)).toBe(true);
    });
  });

  describe('system events', () => {
    it('recognises $-prefixed types and streams', () => {
      expect(isSystemEvent({ type: '$statsCollected', streamId: '$stats-127.0.0.1:2113' })).toBe(true);
      expect(isSystemEvent({ type: '$>', streamId: '$ce-charge' })).toBe(true);
      expect(isSystemEvent({ type: '$metadata', streamId: '$$charge-1' })).toBe(true);
      expect(isSystemEvent({ type: 'Imported', streamId: '$imports' })).toBe(true);
      expect(isSystemEvent({ type: 'ChargeCaptured', streamId: 'charge-1' })).toBe(false);
    });
  });

  describe('recorded events', () => {
    const created = new Date('2026-11-22T10:00:00.000Z');
    const metadata = { correlationId: 'req_1', actor: 'key_1', occurredAt: '2026-11-22T10:00:00.000Z' };
    const unversioned = EventSchemaRegistry.unversioned();
    const resolved = (overrides: Record<string, unknown> = {}): AllStreamResolvedEvent => ({
      event: {
        streamId: 'charge-1',
        id: '6c0a4cc5-6a1e-4c8f-8d3e-3b8f0f0e2a11',
        isJson: true,
        revision: 4n,
        type: 'ChargeCaptured',
        created,
        data: { amount: 100 },
        metadata,
        position: { commit: 900n, prepare: 900n },
        ...overrides,
      },
      commitPosition: 900n,
    });

    it('maps the envelope', () => {
      expect(toRecordedEvent(resolved(), unversioned)).toEqual({
        id: '6c0a4cc5-6a1e-4c8f-8d3e-3b8f0f0e2a11',
        type: 'ChargeCaptured',
        data: { amount: 100 },
        metadata,
        streamName: 'charge-1',
        revision: 4n,
        position: { commit: 900n, prepare: 900n },
        recordedAt: created,
      });
    });

    it('brings every event it maps to its current schema version, keeping the stored form', () => {
      const schemas = EventSchemaRegistry.fromDeclarations([
        {
          owner: 'test',
          versions: { ChargeCaptured: 2 },
          upcasters: [
            {
              type: 'ChargeCaptured',
              fromVersion: 1,
              upcast: (data) => ({ captured: (data as { amount: number }).amount }),
            },
          ],
        },
      ]);
      const event = toRecordedEvent(resolved(), schemas);
      expect(event?.data).toEqual({ captured: 100 });
      expect(event?.metadata.schemaVersion).toBe(2);
      expect(event?.stored).toEqual({ data: { amount: 100 }, metadata });
    });

    it('skips system events and empty links', () => {
      expect(toRecordedEvent(resolved({ type: '$statsCollected' }), unversioned)).toBeUndefined();
      expect(toRecordedEvent({ commitPosition: 1n }, unversioned)).toBeUndefined();
    });

    it('decodes JSON written as binary by other tools', () => {
      const bytes = new Uint8Array(Buffer.from('{"amount":5}'));
      const binary = resolved({ isJson: false, data: bytes, metadata: Buffer.from(JSON.stringify(metadata)) });
      const event = toRecordedEvent(binary, unversioned);
      expect(event?.data).toEqual({ amount: 5 });
      expect(event?.metadata).toEqual(metadata);
    });

    it('marks missing metadata as unknown instead of inventing an actor', () => {
      expect(decodeMetadata(undefined, created)).toEqual({
        correlationId: 'unknown',
        actor: 'unknown',
        occurredAt: '2026-11-22T10:00:00.000Z',
      });
    });
  });

  describe('connection failures', () => {
    it('recognises unreachable servers in every shape the client reports them', () => {
      expect(isConnectionFailure(new UnavailableError())).toBe(true);
      // The client's server-features probe rethrows the raw gRPC error.
      expect(isConnectionFailure(Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }))).toBe(true);
      expect(isConnectionFailure(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
      expect(isConnectionFailure(new Error('Failed to discover after 10 attempts.'))).toBe(true);
      expect(isConnectionFailure(new EventStoreUnavailableError(new Error('down')))).toBe(true);
    });

    it('leaves refusals by a reachable server alone', () => {
      expect(isConnectionFailure(new StreamNotFoundError(undefined, 's'))).toBe(false);
      expect(
        isConnectionFailure(new WrongExpectedVersionError(undefined, { streamName: 's', expected: 0n, current: 1n })),
      ).toBe(false);
      expect(isConnectionFailure(Object.assign(new Error('12 UNIMPLEMENTED'), { code: 12 }))).toBe(false);
      expect(isConnectionFailure('down')).toBe(false);
    });
  });

  describe('reconnect delay', () => {
    it('doubles from the initial delay up to the cap', () => {
      const policy = { initialDelayMs: 100, maxDelayMs: 1_000 };
      expect([1, 2, 3, 4, 5, 50, 5_000].map((attempt) => reconnectDelayMs(attempt, policy))).toEqual([
        100, 200, 400, 800, 1_000, 1_000, 1_000,
      ]);
    });
  });
});
