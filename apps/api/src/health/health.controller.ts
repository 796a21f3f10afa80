import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { ApiDoc, ApiTag, NoAuth, schema } from '@gateway/http-edge';
import type { Response } from 'express';
import { Pool } from 'pg';

type Check = 'up' | 'down';

const CHECK_TIMEOUT_MS = 2000;

/** Liveness and readiness for load balancers and orchestrators; no authentication. */
const CHECKS = schema.object({
  database: schema.oneOfStrings(['up', 'down']),
  event_store: schema.oneOfStrings(['up', 'down']),
});

@ApiTag('Operations', 'Liveness and readiness for load balancers; no API key.')
@Controller()
export class HealthController {
  constructor(
    private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The process answers. */
  @NoAuth()
  @ApiDoc({
    summary: 'Liveness',
    description: 'The process answers.',
    operationId: 'health',
    response: schema.object({ status: schema.oneOfStrings(['ok']) }),
  })
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database and the event store answer: safe to send traffic. */
  @NoAuth()
  @ApiDoc({
    summary: 'Readiness',
    description:
      'The database and the event store answer: safe to send traffic. 503 SERVICE_UNAVAILABLE (with the checks) when ' +
      'one does not.',
    operationId: 'ready',
    response: schema.object({ status: schema.oneOfStrings(['ready']), checks: CHECKS }),
  })
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
    return await Promise.race([
      check().then(
        (): Check => 'up',
        (): Check => 'down',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
