import { spawnSync } from 'node:child_process';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Jest collects tests synchronously, so whether the server answers is asked of a child
 * process: a hung or refused connection then skips the suite instead of failing or hanging it.
 */
function answersWithin(timeoutMs: number, url: string): boolean {
  const probe = `
    const { EventStoreDBClient, BACKWARDS, END } = require(${JSON.stringify(require.resolve('@eventstore/db-client'))});
    setTimeout(() => process.exit(2), ${timeoutMs});
    (async () => {
      const client = EventStoreDBClient.connectionString(process.env.EVENTSTORE_CONNECTION_STRING);
      for await (const _ of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) {}
      process.exit(0);
    })().catch(() => process.exit(1));`;
  const result = spawnSync(process.execPath, ['-e', probe], {
    env: { ...process.env, EVENTSTORE_CONNECTION_STRING: url },
    timeout: timeoutMs + 5_000,
    stdio: 'ignore',
  });
  return result.status === 0;
}

/** Connection strings may carry a password; it never reaches test output. */
function withoutPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function skipWith(message: string): void {
  describe('EventStore contract: eventstoredb', () => {
    process.stdout.write(`${message}\n`);
    it.skip(message, () => undefined);
  });
}

if (!connectionString) {
  skipWith(
    'SKIPPED: no EventStoreDB reachable (set EVENTSTORE_CONNECTION_STRING to run the EventStoreDB contract suite)',
  );
} else if (!answersWithin(PROBE_TIMEOUT_MS, connectionString)) {
  skipWith(`SKIPPED: no EventStoreDB reachable at ${withoutPassword(connectionString)}`);
} else {
  describeEventStoreContract('eventstoredb', async () => {
    const store = new EventStoreDbEventStore(connectionString);
    return {
      store,
      storeWith: (schemas) => new EventStoreDbEventStore(connectionString, { schemas }),
      dispose: () => store.close(),
    };
  });
}
