/** LangGraph's `SqliteSaver` (`@langchain/langgraph-checkpoint-sqlite` from bench/peers), opened with its settings. */

import { importPeer } from '../peers/import-peer.ts';

/** An open SqliteSaver typed as the caller uses it (`S`), its settings and how to close it. */
export interface PeerSqliteSaver<S> {
  /** The saver. */
  saver: S;
  /** `journal_mode=…, synchronous=…`, read back on its connection. */
  settings(): string;
  /** Closes its database. */
  close(): void;
}

/** Opens a SqliteSaver on the file at `path` (`SqliteSaver.fromConnString`, its own defaults). */
export async function openSqliteSaver<S>(path: string): Promise<PeerSqliteSaver<S>> {
  const { SqliteSaver } = await importPeer<{
    SqliteSaver: {
      fromConnString(path: string): S & { db: { pragma(s: string, o?: object): unknown; close(): void } };
    };
  }>('@langchain/langgraph-checkpoint-sqlite');
  const saver = SqliteSaver.fromConnString(path);
  const pragma = (name: string) => saver.db.pragma(name, { simple: true });
  return {
    saver,
    settings: () =>
      `journal_mode=${String(pragma('journal_mode'))}, synchronous=${['OFF', 'NORMAL', 'FULL', 'EXTRA'][Number(pragma('synchronous'))]}`,
    close: () => saver.db.close(),
  };
}
