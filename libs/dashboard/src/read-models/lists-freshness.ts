import { comparePositions, EVENT_STORE, type EventStore, type GlobalPosition } from '@gateway/event-store';
import { ProjectionProgress, readAllCheckpoints, waitForStream } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { DASHBOARD_LISTS_PROJECTION } from './dashboard-lists.projection';

/** How long a list waits for its read model before showing what it has. */
const LIST_WAIT_MS = 2_000;

/**
 * Read-your-writes for the dashboard's lists (dashboard.lists is a read model of its own):
 * after an action, the page it leads to waits until the changed stream is in the lists; and a
 * list waits until the lists are at least as fresh as every other read model, so what the API
 * already answers (a GET right after a POST) is on the list too. Both waits are bounded.
 */
@Injectable()
export class ListsFreshness {
  constructor(
    private readonly progress: ProjectionProgress,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pool: Pool,
  ) {}

  async waitFor(...streamNames: string[]): Promise<void> {
    await Promise.all(
      streamNames.map((streamName) =>
        waitForStream(this.progress, this.store, DASHBOARD_LISTS_PROJECTION, streamName, 5_000),
      ),
    );
  }

  async catchUp(): Promise<void> {
    let head: GlobalPosition | undefined;
    for (const checkpoint of await readAllCheckpoints(this.pool)) {
      if (checkpoint.name !== DASHBOARD_LISTS_PROJECTION && (!head || comparePositions(checkpoint.position, head) > 0))
        head = checkpoint.position;
    }
    if (head) await this.progress.waitFor(DASHBOARD_LISTS_PROJECTION, head, LIST_WAIT_MS);
  }
}
