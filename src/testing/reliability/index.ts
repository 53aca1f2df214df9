/**
 * Reliability test helpers: the model-based isolation run (model, operations, command), drivers opened fresh
 * per run, and the child-process harness of the SQLite crash and concurrency tests. The child scripts
 * (`crash-writer.ts`, `concurrency-writer.ts`, `concurrency-reader.ts`) are run as files, not exported.
 */
export * from './child-process.ts';
export * from './crash-lane.ts';
export * from './isolation-command.ts';
export * from './isolation-model.ts';
export * from './isolation-ops.ts';
export * from './isolation-reads.ts';
export * from './postgres-url.ts';
export * from './store-drivers.ts';
export * from './writer-messages.ts';
