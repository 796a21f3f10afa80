import { declareEventSchemas, type DomainEvent, upcaster } from '@gateway/domain';
import type { RecordedEvent } from '../event-envelope';
import { EventSchemaError, EventSchemaRegistry, schemaVersionOf } from './event-schema-registry';

type Shipped = DomainEvent<'ParcelShipped', { weightGrams: number; carrierCode: string }>;
type Lost = DomainEvent<'ParcelLost', { at: string }>;

/** v1 `{ weight }` (kilograms), v2 `{ weightGrams }`, v3 adds `carrierCode`. */
const parcels = declareEventSchemas<Shipped | Lost>('parcels', { ParcelShipped: 3, ParcelLost: 1 }, [
  upcaster<{ weight: number }, { weightGrams: number }>('ParcelShipped', 1, ({ weight }) => ({
    weightGrams: weight * 1000,
  })),
  upcaster<{ weightGrams: number }, Shipped['data']>('ParcelShipped', 2, (data) => ({
    ...data,
    carrierCode: 'UNKNOWN',
  })),
]);

function recorded(type: string, data: unknown, schemaVersion?: number): RecordedEvent {
  return {
    id: 'e1',
    type,
    data,
    metadata: {
      correlationId: 'c',
      actor: 'a',
      occurredAt: '2026-01-01T00:00:00.000Z',
      ...(schemaVersion && { schemaVersion }),
    },
    streamName: 'parcel-1',
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date(0),
  };
}

describe('EventSchemaRegistry', () => {
  const registry = EventSchemaRegistry.fromDeclarations([parcels]);

  it('upcasts an event stored without a version (version 1) through every step, from a copy', () => {
    const stored = Object.freeze({ weight: 2 });
    const event = registry.upcast(recorded('ParcelShipped', stored));
    expect(event.data).toEqual({ weightGrams: 2000, carrierCode: 'UNKNOWN' });
    expect(event.metadata.schemaVersion).toBe(3);
    expect(event.stored).toEqual({ data: { weight: 2 }, metadata: recorded('ParcelShipped', stored).metadata });
    expect(event.stored?.data).toBe(stored);
  });

  it('starts from the stored version and leaves current events untouched (the same object)', () => {
    const fromTwo = registry.upcast(recorded('ParcelShipped', { weightGrams: 5 }, 2));
    expect(fromTwo.data).toEqual({ weightGrams: 5, carrierCode: 'UNKNOWN' });
    const current = recorded('ParcelShipped', { weightGrams: 5, carrierCode: 'JNE' }, 3);
    expect(registry.upcast(current)).toBe(current);
    const undeclared = recorded('SomethingElse', { x: 1 });
    expect(registry.upcast(undeclared)).toBe(undeclared);
  });

  it('refuses a version above the current one (written by a newer release)', () => {
    expect(() => registry.upcast(recorded('ParcelLost', { at: 'x' }, 2))).toThrow(EventSchemaError);
    const textual = { correlationId: 'c', actor: 'a', occurredAt: 'x', schemaVersion: '2' };
    expect(() => schemaVersionOf(textual)).toThrow(EventSchemaError);
  });

  it('stamps the current version on append, and nothing on types nobody declared', () => {
    const metadata = { correlationId: 'c', actor: 'a', occurredAt: 'x' };
    const event = { id: 'e', type: 'ParcelShipped', data: {}, metadata };
    expect(registry.stamp(event).metadata.schemaVersion).toBe(3);
    expect(event.metadata).not.toHaveProperty('schemaVersion');
    const other = { ...event, type: 'Other' };
    expect(registry.stamp(other)).toBe(other);
    expect(EventSchemaRegistry.unversioned().stamp(event)).toBe(event);
  });

  it('lists every declared type with its current version', () => {
    expect(registry.declaredVersions()).toEqual([
      ['ParcelLost', 1],
      ['ParcelShipped', 3],
    ]);
  });

  describe('refuses at startup', () => {
    const refuse =
      (...declarations: Parameters<typeof EventSchemaRegistry.fromDeclarations>[0]) =>
      () =>
        EventSchemaRegistry.fromDeclarations(declarations);

    it('a chain with a gap', () => {
      const gap = { owner: 'parcels', versions: { ParcelShipped: 3 }, upcasters: [parcels.upcasters[1]] };
      expect(refuse(gap)).toThrow('ParcelShipped (parcels) is at version 3 but has no upcaster from version 1 to 2');
    });

    it('a type declared twice', () => {
      const again = { owner: 'other', versions: { ParcelLost: 1 }, upcasters: [] };
      expect(refuse(parcels, again)).toThrow('ParcelLost is declared twice');
    });

    it('an upcaster beyond the current version, twice for one step, or for an undeclared type', () => {
      const lost = upcaster('ParcelLost', 1, (data) => data);
      expect(refuse({ ...parcels, upcasters: [...parcels.upcasters, lost] })).toThrow('ParcelLost is at version 1');
      expect(refuse({ ...parcels, upcasters: [...parcels.upcasters, parcels.upcasters[0]] })).toThrow('declared twice');
      const stray = upcaster('Nope', 1, (data) => data);
      expect(refuse({ ...parcels, upcasters: [stray] })).toThrow('no such declared event type');
    });

    it('a version that is not a whole number from 1', () => {
      expect(refuse({ owner: 'x', versions: { A: 0 }, upcasters: [] })).toThrow('not a whole number');
      expect(refuse({ owner: 'x', versions: { A: 1.5 }, upcasters: [] })).toThrow('not a whole number');
    });
  });
});
