export * from './pg-server.ts';
export * from './test-database.ts';
