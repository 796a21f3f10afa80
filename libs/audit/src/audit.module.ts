import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AnchorLogJob } from './application/anchors/anchor-log.job';
import { AnchorWriter } from './application/anchors/anchor-writer';
import { AuditedResources } from './application/audited-resources';
import { GetStateAsOfHandler } from './application/get-state-as-of/get-state-as-of.handler';
import { ListEventsHandler } from './application/list-events/list-events.handler';
import { AuditTrailVerifier } from './application/verify/audit-trail-verifier';
import { EventsController } from './http/events.controller';
import { AuditMetrics } from './http/audit-metrics';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  queryHandlers: [ListEventsHandler, GetStateAsOfHandler],
  jobs: [AnchorLogJob],
  services: [AuditedResources, AnchorWriter, AuditTrailVerifier, AuditMetrics],
});

/**
 * Auditing and operations: the event history and time travel API, the anchors over the global
 * log, the verifier behind `audit verify`, and the operational gauges on `/metrics`.
 */
@Module({
  imports: [CqrsModule, DiscoveryModule],
  controllers: [EventsController],
  providers,
  exports: [AuditedResources, AnchorWriter, AuditTrailVerifier],
})
export class AuditModule {}
