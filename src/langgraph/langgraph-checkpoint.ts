import type * as Checkpoint from '@langchain/langgraph-checkpoint';
import { type PeerNeed, requirePeer } from '../core/peer-module.ts';

/** What engram/langgraph needs: LangGraph's checkpoint package and LangChain's core, which it loads. */
export const langgraphPeers: PeerNeed = {
  component: 'langgraph',
  needs: 'engram/langgraph needs @langchain/langgraph-checkpoint and @langchain/core',
  packages: ['@langchain/langgraph-checkpoint', '@langchain/core'],
};

/**
 * The values engram/langgraph takes from `@langchain/langgraph-checkpoint` (its classes extend two of them), loaded
 * through {@link requirePeer}: without the package (or the `@langchain/core` it imports) importing or requiring
 * engram/langgraph throws `MISSING_DEPENDENCY` with the install line, not Node's `ERR_MODULE_NOT_FOUND` naming one
 * of engram's files. Types come from the package itself with `import type`.
 */
export const {
  BaseCheckpointSaver,
  BaseStore,
  compareWritesSortKeys,
  getCheckpointId,
  getTextAtPath,
  JsonPlusSerializer,
  maxChannelVersion,
  TASKS,
  validateNamespace,
  WRITES_IDX_MAP,
  writesSortKey,
} = requirePeer<typeof Checkpoint>('@langchain/langgraph-checkpoint', langgraphPeers);
