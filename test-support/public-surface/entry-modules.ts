import * as aiSdk from '../../src/ai-sdk.ts';
import * as converters from '../../src/converters.ts';
import * as driver from '../../src/driver.ts';
import * as embeddings from '../../src/embeddings.ts';
import * as root from '../../src/index.ts';
import * as langgraph from '../../src/langgraph.ts';
import * as libsql from '../../src/libsql.ts';
import * as mem0 from '../../src/mem0.ts';
import * as memoryTool from '../../src/memory-tool.ts';
import * as openaiAgents from '../../src/openai-agents.ts';
import * as patterns from '../../src/patterns.ts';
import * as postgres from '../../src/postgres.ts';
import * as sqlite from '../../src/sqlite.ts';
import * as testing from '../../src/testing.ts';

/**
 * The module of every package entry, keyed by its subpath (`root` for `engram`, `sqlite` for `engram/sqlite`):
 * what the public-surface tests walk.
 */
export const entryModules: Record<string, Record<string, unknown>> = {
  root,
  sqlite,
  postgres,
  libsql,
  'ai-sdk': aiSdk,
  langgraph,
  'openai-agents': openaiAgents,
  converters,
  driver,
  'memory-tool': memoryTool,
  mem0,
  patterns,
  embeddings,
  testing,
};

/** The key of an entry in {@link entryModules}: `engram` → `root`, `engram/sqlite` → `sqlite`. */
export function entryKey(specifier: string): string {
  return specifier.includes('/') ? specifier.slice(specifier.indexOf('/') + 1) : 'root';
}
