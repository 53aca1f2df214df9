/**
 * Assembly records: what a view (or the agent loop) sent the model, item by item with its source and tokens,
 * what it left out and by which rule, stored beside the log with retention.
 */
export {
  type AssemblyRecord,
  type AssemblyRecordExtras,
  type AssemblyRecorder,
  type AssemblyRecorderOptions,
  assemblyArtifactKind,
  createAssemblyRecorder,
  type ProviderTokens,
  readAssemblyRecords,
} from './assembly-records.ts';
export {
  type AssemblyItem,
  type ContextAssembly,
  type ContextSource,
  contextSources,
  type DroppedItems,
  type DropRule,
  tokensBySource,
} from './context-assembly.ts';
export { recordAssemblies } from './record-assemblies.ts';
