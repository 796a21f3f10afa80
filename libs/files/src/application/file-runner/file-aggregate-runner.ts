import { aggregateRuns, CommandPipeline, type PipelineDecision } from '@gateway/event-store';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import { type FileCommand, fileDecider, type FileState } from '../../domain/file.decider';
import { type FileEvent, fileStream } from '../../domain/file.events';
import { FILES_PROJECTION } from '../../read-models/files.projection';

const onFile = aggregateRuns({ streamOf: fileStream, decider: fileDecider, readModel: FILES_PROJECTION });

/** The file aggregate's declaration for the command pipeline: business time, the files read model awaited. */
@Injectable()
export class FileAggregateRunner {
  constructor(private readonly pipeline: CommandPipeline) {}

  now(businessId: string, mode: Mode): Promise<Date> {
    return this.pipeline.now({ scope: { businessId, mode } });
  }

  /** Whether the file's stream has any event (its upload was committed). */
  async exists(fileId: string): Promise<boolean> {
    return (await this.pipeline.load(fileStream(fileId), fileDecider)).revision !== 'no_stream';
  }

  /** `command.now` came from `now(...)`: the events' time is the one the command carries. */
  run(
    fileId: string,
    businessId: string,
    mode: Mode,
    context: RequestContext,
    command: FileCommand,
  ): Promise<PipelineDecision<FileState, FileEvent>> {
    return this.pipeline.run(onFile({ context, scope: { businessId, mode }, at: command.now }, fileId, command));
  }
}
