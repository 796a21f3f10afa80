export * from './http-metrics';
export * from './publish-gauges';
export * from './postgres-gauges';
export * from './queried-gauges';
