import { type Decision, decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, type Mode, type RequestContext, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { type FileCommand, fileDecider, type FileState } from '../../domain/file.decider';
import { type FileEvent, fileStream } from '../../domain/file.events';
import { FILES_PROJECTION } from '../../read-models/files.projection';

/** Decide and append on a file's stream at the business's time, then wait for the read model (read-your-writes). */
@Injectable()
export class FileAggregateRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  now(businessId: string, mode: Mode): Promise<Date> {
    return this.clock.now({ businessId, mode });
  }

  /** Whether the file's stream has any event (its upload was committed). */
  async exists(fileId: string): Promise<boolean> {
    return (await this.store.readStream(fileStream(fileId), { maxCount: 1 })).length > 0;
  }

  async run(fileId: string, businessId: string, mode: Mode, context: RequestContext, command: FileCommand): Promise<Decision<FileState, FileEvent>> {
    const decision = await decideAndAppend(this.store, fileStream(fileId), fileDecider, command, toCommandMetadata(context, command.now, { businessId, mode }));
    if (decision.appended) await this.progress.waitFor(FILES_PROJECTION, decision.appended.position, 10_000);
    return decision;
  }
}
