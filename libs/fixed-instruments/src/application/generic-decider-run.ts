import type { Decider, DomainEvent } from '@gateway/domain';
import type { CommandOrigin, CommandPipeline, PipelineDecision, ReadYourWrites } from '@gateway/event-store';

/** One run of the pipeline on a decider whose command, state and event types are type parameters. */
export interface GenericDeciderRunInput<C, S, E extends DomainEvent> extends CommandOrigin {
  stream: string;
  decider: Decider<C, S, E>;
  command: C | ((now: Date) => C);
  readYourWrites: ReadYourWrites;
}

export type GenericDeciderRun = <C, S, E extends DomainEvent>(
  run: GenericDeciderRunInput<C, S, E>,
) => Promise<PipelineDecision<S, E>>;

/**
 * `CommandPipeline.run` reads the command type off a concrete decider (a conditional type); the
 * kernel's deciders are generic over the instrument kind, where TypeScript defers that type. The
 * call is the same at run time, so the kernel calls the pipeline through this equivalent
 * signature: the one place its types are restated.
 */
export function runOnGenericDecider(pipeline: CommandPipeline): GenericDeciderRun {
  return pipeline.run.bind(pipeline) as unknown as GenericDeciderRun;
}
