import type { Provider } from '@nestjs/common';

/**
 * A module's providers grouped by what they are (issue 22, item 6). The groups a role decorator
 * decides (handlers, projections, followers, jobs, renderers, audited resources) hold nothing
 * else; libs/bootstrap/src/module-wiring.spec.ts reads each module file and checks that.
 */
export interface ProvidersByRole {
  /** Commands the context decides (each through the CommandPipeline). */
  commandHandlers?: Provider[];
  /** Queries answered from its read models. */
  queryHandlers?: Provider[];
  /** Read models it builds from the log. */
  projections?: Provider[];
  /** Reactions to events of its own or other streams (followers, process managers). */
  followers?: Provider[];
  /** Durable scheduler jobs. */
  jobs?: Provider[];
  /** Callback bodies it renders for the webhook dispatcher. */
  callbackRenderers?: Provider[];
  /** Its streams as the audit context folds and shows them (@AuditsResources). */
  auditedResources?: Provider[];
  /** Services its handlers share (loaders, vaults, stores, runners). */
  services?: Provider[];
}

/** The `providers` of a `@Module`: every group, in the order the module declares them. */
export function providersByRole(groups: ProvidersByRole): Provider[] {
  return Object.values(groups).flatMap((group: Provider[] | undefined) => group ?? []);
}
