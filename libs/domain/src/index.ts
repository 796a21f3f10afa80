export * from './decider';
export * from './domain-error';
export * from './permissions';
export * from './payment-channels';
export * from './money-movement.events';
export * from './money';
export * from './money-currencies';
