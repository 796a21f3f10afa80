import { type CoreOptions, CoreModule } from '@gateway/bootstrap';
import {
  ApiVersioningModule,
  EdgeAuthModule,
  HttpEdgeModule,
  IdempotencyModule,
  RateLimitModule,
} from '@gateway/http-edge';
import { RequestLogModule } from '@gateway/request-log';
import { WorkerModule } from '@gateway/worker';
import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController } from './health/health.controller';

export interface ApiOptions extends CoreOptions {
  /** `npm start`: also run the worker's subscriptions and scheduler in this process. */
  withWorker: boolean;
}

@Module({})
export class ApiModule {
  static forRoot(options: ApiOptions): DynamicModule {
    return {
      module: ApiModule,
      // Order matters for global guards and interceptors: authentication before anything that needs the caller.
      imports: [
        CoreModule.forRoot(options),
        HttpEdgeModule,
        EdgeAuthModule,
        RateLimitModule,
        ApiVersioningModule,
        IdempotencyModule.forRoot(),
        // The API request log: the edge's capture writes here (configureHttpEdge finds its sink).
        RequestLogModule,
        ...(options.withWorker ? [WorkerModule] : []),
      ],
      controllers: [HealthController],
    };
  }
}
