import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { NoAuth } from '@gateway/platform';
import type { Response } from 'express';
import { Pool } from 'pg';

type Check = 'up' | 'down';

const CHECK_TIMEOUT_MS = 2000;

/** Liveness and readiness for load balancers and orchestrators; no authentication. */
@Controller()
export class HealthController {
  constructor(
    private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The process answers. */
  @NoAuth()
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database and the event store answer: safe to send traffic. */
  @NoAuth()
  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    const [database, eventStore] = await Promise.all([
      probe(() => this.pool.query('SELECT 1')),
      probe(() => this.store.ping()),
    ]);
    const ready = database === 'up' && eventStore === 'up';
    if (!ready) {
      response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return {
        status: 'unavailable',
        error_code: 'SERVICE_UNAVAILABLE',
        message: 'A dependency is not reachable',
        checks: { database, event_store: eventStore },
      };
    }
    return { status: 'ready', checks: { database, event_store: eventStore } };
  }
}

async function probe(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then((): Check => 'up', (): Check => 'down'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
