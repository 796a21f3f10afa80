import { Module } from '@nestjs/common';
import { HttpMetrics } from '@gateway/metrics';
import { MetricsController } from './metrics/metrics.controller';

/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [HttpMetrics];

/** The edge's own routes and state: /metrics and the registry behind it. Imported by the api module. */
@Module({
  controllers: [MetricsController],
  providers: [...services],
  exports: [HttpMetrics],
})
export class HttpEdgeModule {}
