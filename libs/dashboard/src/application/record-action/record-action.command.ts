import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

/** Audits a dashboard change whose own context appends no event (callback resends). */
export class RecordDashboardActionCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly userId: string,
    readonly mode: Mode,
    readonly action: string,
    readonly target: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
