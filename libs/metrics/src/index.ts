export * from './http-metrics';
export * from './publish-gauges';
