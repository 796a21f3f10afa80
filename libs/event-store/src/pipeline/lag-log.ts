import { Logger } from '@nestjs/common';
import type { GlobalPosition } from '../event-envelope';
import type { ReadYourWritesLagSink } from './read-your-writes';

/** The production lag sink: a warning per lag and a running count per projection. */
export class ReadYourWritesLagLog implements ReadYourWritesLagSink {
  private readonly logger = new Logger('ReadYourWrites');
  private readonly counts = new Map<string, number>();

  lagged(lag: { projections: readonly string[]; stream: string; waitedMs: number; position: GlobalPosition }): void {
    for (const name of lag.projections) this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    this.logger.warn(
      `read model ${lag.projections.join(', ')} had not passed ${lag.stream} at ${lag.position.commit}` +
        ` after ${lag.waitedMs} ms; answered from the decision`,
    );
  }

  /** Lags so far per projection (for operations metrics and tests). */
  lagsByProjection(): ReadonlyMap<string, number> {
    return this.counts;
  }
}
