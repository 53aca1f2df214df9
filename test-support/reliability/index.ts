/**
 * Reliability test helpers: the model-based isolation run (model, operations, command), drivers opened fresh
 * per run (and reopened over the same data), and the child-process harness of the SQLite crash and concurrency
 * tests. The child scripts (`crash-writer.ts`, `concurrency-writer.ts`, `concurrency-reader.ts`) are run as files,
 * not exported.
 */
export { type ChildRun, childConfig, emit, runChildScript, sendGo, waitForGo } from './child-process.ts';
export { type CrashLaneOptions, type CrashLaneResult, runCrashLane } from './crash-lane.ts';
export { IsolationCommand } from './isolation-command.ts';
export { IsolationModel } from './isolation-model.ts';
export { type IsolationOp, isolationOpArbitraries } from './isolation-ops.ts';
export { testPostgresUrl } from './postgres-url.ts';
export {
  type DriverBudget,
  type PropertyOnDriversOptions,
  propertyOnEveryDriver,
} from './property-on-drivers.ts';
export {
  type DriverStore,
  type OpenedStore,
  type OpenStoreOptions,
  type ReliabilityDriver,
  type ReliabilityDriversOptions,
  reliabilityDrivers,
  sourcePath,
  tempDir,
  titleOn,
} from './store-drivers.ts';
export { prng, writerMessage } from './writer-messages.ts';
