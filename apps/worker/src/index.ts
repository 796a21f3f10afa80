export { WorkerModule } from './worker.module';
export { ProjectionHost } from './projection-host';
