export * from './test-database';
export * from './decider-spec';
export * from './money-movement-fixtures';
export * from './suite-store';
export * from './counting-pool';
export * from './explain-plan';
