import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '@gateway/runtime';

export interface AdvancedTestClock {
  businessId: string;
  offsetMs: number;
}

/** Test mode only: moves a business's virtual clock forward so its due jobs run at once. */
export class AdvanceTestClockCommand extends Command<AdvancedTestClock> {
  constructor(
    readonly businessId: string,
    readonly byMs: number,
    readonly context: RequestContext,
  ) {
    super();
  }
}
