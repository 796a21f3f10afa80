import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { eventStoreMigrations } from '../postgres/event-store.migrations';
import { canonicalJson, plainDecimal } from './canonical-json';
import { chainHash } from './chain-hash';

/** jsonb refuses \u0000; events can never hold it (the edge rejects it earlier). */
const storable = (value: unknown): boolean => !JSON.stringify(value).includes('\\u0000');

describe('canonicalJson equals PostgreSQL jsonb::text, so both adapters hash the same bytes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase([eventStoreMigrations], 2);
  });
  afterAll(async () => database?.drop());

  it('expands exponents like numeric does', () => {
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(1.5e-7)).toBe('0.00000015');
    expect(plainDecimal(-2.5e-10)).toBe('-0.00000000025');
    expect(plainDecimal(1.2345e22)).toBe('12345000000000000000000');
    expect(plainDecimal(-0)).toBe('0');
    expect(plainDecimal(10000)).toBe('10000');
  });

  it('renders generated JSON values exactly as jsonb::text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue().filter(storable), async (value) => {
        const { rows } = await database.pool.query<{ text: string }>('SELECT $1::jsonb::text AS text', [
          JSON.stringify(value),
        ]);
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(rows[0].text);
      }),
      { numRuns: 300 },
    );
  });

  it('computes the same chain hash as es_chain_hash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue().filter(storable),
        fc.string(),
        fc.bigInt({ min: 0n, max: 1n << 40n }),
        async (data, actor, revision) => {
          const event = {
            id: randomUUID(),
            streamName: `thing-${randomUUID()}`,
            revision,
            type: 'ThingHappened',
            data: JSON.parse(JSON.stringify(data)) as unknown,
            metadata: { correlationId: 'req_1', actor, occurredAt: new Date(0).toISOString(), chainHash: 'ignored' },
          };
          if (!storable(actor)) return;
          const { rows } = await database.pool.query<{ hash: string }>(
            'SELECT es_chain_hash($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) AS hash',
            [
              'prev',
              event.id,
              event.streamName,
              revision.toString(),
              event.type,
              JSON.stringify(data),
              JSON.stringify(event.metadata),
            ],
          );
          expect(chainHash('prev', event)).toBe(rows[0].hash);
        },
      ),
      { numRuns: 200 },
    );
  });
});
