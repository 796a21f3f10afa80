import { AuditedResources, AuditTrailVerifier, evolveWith, ListEventsQuery } from '@gateway/audit';
import { eventSchemaRegistry } from '@gateway/bootstrap';
import type { Decider, DomainEvent } from '@gateway/domain';
import {
  asStored,
  categoryOf,
  EVENT_STORE,
  type EventStore,
  PostgresEventStore,
  type RecordedEvent,
} from '@gateway/event-store';
import { discoverProjections, readCheckpoint, rebuildAllProjections } from '@gateway/projections';
import { DiscoveryService } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { businessDecider } from '../libs/accounts/src/domain/business.decider';
import { customerReferenceDecider } from '../libs/customers/src/domain/customer-reference.decider';
import { dashboardTeamDecider } from '../libs/dashboard/src/domain/dashboard-team.decider';
import { reportDecider } from '../libs/reports/src/domain/report.decider';
import { customerVirtualAccountDecider } from '../libs/virtual-accounts/src/domain/customer-virtual-account.decider';
import { appendFixtureLog, type EventFixture, fixtureLog, loadEventFixtures } from './support/event-fixtures';
import { startTestApp, type TestApp } from './support/test-app';

type AnyDecider = Pick<Decider<unknown, unknown, DomainEvent>, 'initialState' | 'evolve'>;

/**
 * Aggregates that are not audited resources (AuditedResources gives the rest, as the write side
 * registers them). A category missing from both fails the test by name.
 */
const UNAUDITED_DECIDERS: Record<string, AnyDecider> = {
  business: businessDecider,
  customerref: customerReferenceDecider,
  dashboardteam: dashboardTeamDecider,
  report: reportDecider,
  customerfva: customerVirtualAccountDecider,
};
/**
 * Streams written without a decider (a record, not an aggregate): read, never folded. The POOL
 * number reservation streams are history: numbers are claimed with the invoice's append now.
 */
const WITHOUT_DECIDER = new Set([
  'invoicepagekey',
  'settlement',
  'callback_test',
  'invoicepoolva',
  'invoiceretailcode',
]);

/**
 * The fixture log (test/fixtures/events/v1: every event type in the first version it was ever
 * written in, copied once from real runs of the suites, never regenerated) replayed into a fresh
 * store exactly as the old release stored it, then read through every read path of this
 * release: aggregate loads (each stream folded with its decider), a rebuild of every read model,
 * the audit listing and `audit verify`. `FileUploaded` v1 carries `size`, renamed `sizeBytes` in
 * v2: its upcaster must bring it to every reader while the audit trail still shows `size`.
 */
describe('event fixtures: every event type in its first version still reads', () => {
  const fixtures = loadEventFixtures();
  const log = fixtureLog(fixtures);
  const registry = eventSchemaRegistry();
  let gateway: TestApp;
  let store: EventStore;

  beforeAll(async () => {
    // The api alone: no worker reacting to the replayed events, only the read paths under test.
    gateway = await startTestApp({ withWorker: false });
    store = gateway.app.get<EventStore>(EVENT_STORE);
    // Stored as the old release stored them: an unversioned store writes no schemaVersion.
    const oldRelease = new PostgresEventStore(gateway.db.pool);
    try {
      await appendFixtureLog(oldRelease, log);
    } finally {
      await oldRelease.close();
    }
  }, 120_000);
  afterAll(async () => gateway?.close());

  it('has a first-version fixture for every declared event type, and none for an undeclared one', () => {
    const declared = registry.declaredVersions().map(([type]) => type);
    const firstVersions = new Set(fixtures.filter((f) => f.schemaVersion === 1).map((f) => f.type));
    expect(declared.filter((type) => !firstVersions.has(type))).toEqual([]);
    const undeclared = fixtures.filter((f) => registry.currentVersion(f.type) === undefined).map((f) => f.type);
    expect(undeclared).toEqual([]);
    for (const fixture of fixtures) {
      const last = fixture.events[fixture.events.length - 1];
      expect([last.type, last.stream]).toEqual([fixture.type, fixture.stream]);
      // A later version's fixture was stored with its version (v1 events carry none, as old logs).
      expect(last.metadata.schemaVersion ?? 1).toBe(fixture.schemaVersion);
      expect(fixture.schemaVersion).toBeLessThanOrEqual(registry.currentVersion(fixture.type)!);
    }
  });

  it('was stored as the old releases stored it: v1 events without a schema version', async () => {
    const versioned = "SELECT count(*) AS n FROM es_events WHERE metadata ? 'schemaVersion'";
    const { rows } = await gateway.db.pool.query<{ n: string }>(versioned);
    expect(Number(rows[0].n)).toBe(log.filter((event) => event.metadata.schemaVersion !== undefined).length);
    expect(log.filter((event) => event.metadata.schemaVersion === undefined).length).toBeGreaterThan(0);
  });

  it('loads every aggregate: each stream, in its current versions, folds with its decider', async () => {
    const resources = gateway.app.get(AuditedResources);
    const streams = [...new Set(log.map((event) => event.stream))];
    const folded = new Set<string>();
    const readOnly = new Set<string>();
    const missing: string[] = [];
    for (const stream of streams) {
      const events = await store.readStream(stream);
      const appended = log.filter((event) => event.stream === stream);
      expect(events.map((event) => event.id)).toEqual(appended.map((event) => event.id));
      for (const event of events) {
        expect(event.metadata.schemaVersion ?? 1).toBe(registry.currentVersion(event.type) ?? 1);
      }
      const category = categoryOf(stream);
      if (WITHOUT_DECIDER.has(category)) {
        for (const event of events) readOnly.add(event.type);
        continue;
      }
      const audited = resources.forStream(stream);
      const decider = UNAUDITED_DECIDERS[category];
      if (!audited && !decider) {
        missing.push(category);
        continue;
      }
      let state = audited ? audited.decider.initialState : decider.initialState;
      for (const event of events) {
        const domainEvent = { type: event.type, data: event.data };
        state = audited ? evolveWith(audited, state, domainEvent) : decider.evolve(state, domainEvent);
        folded.add(event.type);
      }
      expect(state).toBeDefined();
    }
    expect([...new Set(missing)]).toEqual([]);
    const declared = registry.declaredVersions().map(([type]) => type);
    expect(declared.filter((type) => !folded.has(type) && !readOnly.has(type))).toEqual([]);
  });

  it('upcasts the renamed field on every read: FileUploaded v1 `size` reaches readers as `sizeBytes`', async () => {
    const fixture = fixtureOf(fixtures, 'FileUploaded');
    const stored = fixture.events[fixture.events.length - 1];
    expect(stored.data).toHaveProperty('size');
    const [read] = await store.readStream(stored.stream);
    const { size, ...rest } = stored.data as { size: number };
    expect(read.data).toEqual({ ...rest, sizeBytes: size });
    expect(read.metadata.schemaVersion).toBe(2);
    expect(asStored(read).data).toEqual(stored.data);
    const fromLog = (await readWholeLog(store)).find((event) => event.id === stored.id);
    expect(fromLog?.data).toEqual(read.data);
  });

  it('rebuilds every read model from the log without an error', async () => {
    const projections = discoverProjections(gateway.app.get(DiscoveryService));
    expect(projections.length).toBeGreaterThan(10);
    const result = await rebuildAllProjections(gateway.db.pool, store, projections, { pageSize: 97 });
    expect(result.events).toBe(log.length);
    for (const name of result.projections) {
      const checkpoint = await readCheckpoint(gateway.db.pool, name);
      expect([name, checkpoint?.lastError ?? null]).toEqual([name, null]);
    }
    const file = fixtureOf(fixtures, 'FileUploaded').events.at(-1)!.data as { fileId: string; size: number };
    const sizeOf = 'SELECT size FROM files WHERE file_id = $1';
    const { rows } = await gateway.db.pool.query<{ size: number }>(sizeOf, [file.fileId]);
    expect(rows).toEqual([{ size: file.size }]);
  });

  it('lists every event in the audit trail as stored (v1 data, schema_version 1), and the chain verifies', async () => {
    const queries = gateway.app.get(QueryBus);
    const owners = new Map<string, { businessId: string; mode: 'test' | 'live' }>();
    for (const event of log) {
      const { businessId, mode } = event.metadata;
      if (businessId && mode) owners.set(`${businessId}/${mode}`, { businessId, mode });
    }
    const listed = new Map<string, { schemaVersion: number; data: unknown }>();
    for (const owner of owners.values()) {
      let cursor: string | undefined;
      do {
        const page = await queries.execute(new ListEventsQuery({ kind: 'business' }, owner, 1000, cursor));
        for (const event of page.events) listed.set(event.id, event);
        cursor = page.nextCursor;
      } while (cursor);
    }
    const owned = log.filter((event) => event.metadata.businessId && event.metadata.mode);
    expect(owned.filter((event) => !listed.has(event.id)).map((event) => event.type)).toEqual([]);
    for (const event of owned) expect(listed.get(event.id)).toMatchObject({ schemaVersion: 1, data: event.data });

    const file = fixtureOf(fixtures, 'FileUploaded').events.at(-1)!;
    const owner = { businessId: file.metadata.businessId!, mode: file.metadata.mode! };
    const fileId = (file.data as { fileId: string }).fileId;
    const ofFile = new ListEventsQuery({ kind: 'resource', resource: 'file', id: fileId }, owner, 10);
    const resource = await queries.execute(ofFile);
    expect(resource.events[0]).toMatchObject({ schemaVersion: 1, data: file.data });

    const verification = await gateway.app.get(AuditTrailVerifier).verify();
    expect(verification).toMatchObject({ ok: true, events: log.length, brokenLinks: 0 });
  });
});

function fixtureOf(fixtures: readonly EventFixture[], type: string): EventFixture {
  const fixture = fixtures.find((candidate) => candidate.type === type);
  if (!fixture) throw new Error(`no fixture for ${type}`);
  return fixture;
}

async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: events.at(-1)?.position, maxCount: 500 });
    if (page.length === 0) return events;
    events.push(...page);
  }
}
