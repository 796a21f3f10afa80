export * from './ids/id-generator';
export * from './ids/keyed-execution';
export * from './context/request-context';
export * from './nest/platform.module';
export * from './crypto/aes-gcm-key-ring';
export * from './failpoints/failpoint';
export * from './nest/providers-by-role';
