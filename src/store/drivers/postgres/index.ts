export * from './postgres-client.ts';
export * from './postgres-dialect.ts';
export * from './postgres-driver.ts';
export * from './postgres-vector.ts';
