export * from './sqlite-client.ts';
export * from './sqlite-dialect.ts';
export * from './sqlite-driver.ts';
export * from './sqlite-vector.ts';
