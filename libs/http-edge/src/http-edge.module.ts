import { Module } from '@nestjs/common';
import { HttpMetrics } from '@gateway/metrics';
import { MetricsController } from './metrics/metrics.controller';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  services: [HttpMetrics],
});

/** The edge's own routes and state: /metrics and the registry behind it. Imported by the api module. */
@Module({
  controllers: [MetricsController],
  providers,
  exports: [HttpMetrics],
})
export class HttpEdgeModule {}
