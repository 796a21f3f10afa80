import type { DueJob } from './scheduled-job';

export const SCHEDULED_JOB_METADATA = Symbol('gateway:scheduled-job');

/** A provider that runs due jobs of one kind; the worker discovers and registers it. */
export interface ScheduledJobHandler<P = unknown> {
  handle(job: DueJob<P>): Promise<void>;
}

export function HandlesScheduledJob(kind: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(SCHEDULED_JOB_METADATA, kind, target);
  };
}
