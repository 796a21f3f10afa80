export * from './projection';
export * from './projection-checkpoints';
export * from './projection-progress';
export * from './projection-runner';
export * from './rebuild-projection';
export * from './nest/projections.module';
export * from './nest/projection-discovery';
export * from './verify-projection';
