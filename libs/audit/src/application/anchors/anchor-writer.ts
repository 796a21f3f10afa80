import { EVENT_STORE, type EventStore, type GlobalPosition } from '@gateway/event-store';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Pool } from 'pg';
import { AnchorDigest, GENESIS_DIGEST } from './anchor-digest';
import { type Anchor, insertAnchor, lastAnchor } from './anchor-store';
import { withPooledClient } from '@gateway/database';

const PAGE = 5000;

/** Seals the events appended since the last anchor into a new anchor (none when nothing is new). */
@Injectable()
export class AnchorWriter {
  private readonly logger = new Logger('AuditAnchors');

  constructor(
    private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async writeAnchor(): Promise<Anchor | undefined> {
    // Guarded: the transaction spans a read of the whole new log; a lost connection must fail this
    // anchor (the next one covers it), not crash the process.
    return withPooledClient(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        // One writer at a time across processes; the lock goes with the transaction.
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('audit.anchor'))`);
        const previous = await lastAnchor(client);
        const digest = new AnchorDigest(previous?.digest ?? GENESIS_DIGEST);
        let after: GlobalPosition | undefined = previous?.lastPosition;
        for (;;) {
          const page = await this.store.readAll({ after, maxCount: PAGE });
          for (const event of page) digest.add(event);
          if (page.length === 0) break;
          after = page[page.length - 1].position;
          if (page.length < PAGE) break;
        }
        if (digest.count === 0 || !after) {
          await client.query('ROLLBACK');
          return undefined;
        }
        const anchor = await insertAnchor(client, {
          lastPosition: after,
          eventCount: BigInt(digest.count),
          totalEvents: (previous?.totalEvents ?? 0n) + BigInt(digest.count),
          previousDigest: digest.previousDigest,
          digest: digest.digest(),
        });
        await client.query('COMMIT');
        // The log line is the copy that leaves the database: ship it somewhere append-only.
        this.logger.log(
          `anchor ${anchor.anchorId} digest=${anchor.digest} events=${anchor.totalEvents} ` +
            `at=${anchor.lastPosition.commit}/${anchor.lastPosition.prepare}`,
        );
        return anchor;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }
}
