import { createHash } from 'node:crypto';
import type { EmbeddingModel, ModelMessage } from 'ai';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { EngramLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermEmbedder } from '../longterm/embedder.ts';
import type { RankingOptions } from '../longterm/hybrid-search.ts';
import type { NewLongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { sessionBound } from '../longterm/session-bound-records.ts';
import { originOfRole, spokenText, toolsReadAfter } from '../longterm/turn-records.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { withExtras } from '../messages/from-model-message.ts';
import { isMemoryMessage } from '../messages/validate.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEmbeddedRecords } from './embedded-records.ts';
import { recordText } from './record-text.ts';

/** The index of a RAG memory's log: one long-term `message` record per message with text, with its vector. */
export interface RagIndex {
  /** The long-term memory the records live in. */
  readonly index: EngramLongTermMemory;
  /** The text a message is indexed by: empty when it has none, or when the log would refuse it. */
  textOf(message: ModelMessage): string;
  /** The vector of a message's text (computed now), or undefined when nothing is embedded. */
  embed(text: string): Promise<number[][] | undefined>;
  /**
   * Writes a message just stored's record (none when `text` is empty), then the vector `embed` gave for its text.
   * `seq` is the sequence number its append gave it (undefined when the call did not append it: a retry of a
   * stored message). A failure leaves the handle to check everything at its next `catchUp`.
   */
  write(message: MemoryMessage, text: string, vectors: number[][] | undefined, seq?: number): Promise<void>;
  /**
   * Indexes what a crash, a failed write or another writer left unindexed: the log's messages after the watermark
   * (the newest sequence number known indexed, kept in the session's state) that have no record, then records
   * without a vector; the watermark then moves to the log's end, so the next check reads only what came after.
   * When everything in the log up to its newest message went through this handle's `write` since its last check
   * (the usual add after add), it costs one `stats` call: the watermark is then stored once a page of messages.
   */
  catchUp(): Promise<void>;
}

/** Messages read per page when the index catches up with the log. */
const pageSize = 256;

/**
 * The id of a message's index record: a hash of its session and id, so every pair gets its own (joined as text,
 * `a_b` + `c` and `a` + `b_c` would meet) and it fits the 256-character id limit whatever their lengths.
 */
const recordId = (sessionId: string, messageId: string) =>
  `msg_${createHash('sha256')
    .update(JSON.stringify([sessionId, messageId]))
    .digest('hex')
    .slice(0, 32)}`;

/** The index of `memory`'s log, ranked with `ranking`, embedded with `embedding` when given. */
export function createRagIndex(
  memory: ConversationMemory<MemoryStoreV1 & HasLongTermRecords>,
  ranking: RankingOptions,
  embedding: EmbeddingModel | LongTermEmbedder | undefined,
  component: string,
): RagIndex {
  const { sessionId, scope, storage } = memory;
  const { longTerm: index, ...records } = createEmbeddedRecords(
    {
      ...ranking,
      store: storage,
      scope,
      recording: 'none',
      episodeWeight: 0,
      ...(embedding === undefined ? {} : { embedding }),
    },
    component,
  );
  // Session state: it goes with the session when the session is deleted.
  const watermark = `session:${sessionId}:rag-indexed`;
  const idOf = (m: MemoryMessage) => recordId(sessionId, m.id);
  const recordOf = (m: MemoryMessage, text: string): NewLongTermRecord => ({
    id: idOf(m),
    kind: 'message',
    text,
    session: sessionId,
    validAt: m.createdAt,
    // Bound to the session: the index of its log goes with it when it is deleted.
    metadata: { role: m.role, ...sessionBound(sessionId) },
    provenance: {
      origin: originOfRole(m.role),
      toolDerived: toolsReadAfter([m]).length > 0,
      messageIds: [m.id],
      roles: [m.role],
      session: sessionId,
    },
  });
  const indexText = (m: MemoryMessage) => recordText(spokenText(m), 16_384);
  const write = async (list: readonly { m: MemoryMessage; text: string }[], vectors?: number[][]) => {
    await records.replace(list.map((x) => recordOf(x.m, x.text)));
    await records.putVectors(
      list.map((x) => idOf(x.m)),
      vectors,
    );
  };

  /**
   * What this handle knows indexed: the log (by its id) through `seq`, every record with its vector, since its
   * last full check; undefined before the first one and after a failed write. `stored` is the watermark's value.
   */
  let known: { logId: string; seq: number; stored: number } | undefined;
  const fullCatchUp = async () => {
    known = undefined;
    const indexed = await storage.getState(scope, watermark);
    const { lastSeq, logId } = await memory.stats();
    let fromSeq = (typeof indexed === 'number' ? indexed : 0) + 1;
    while (fromSeq <= lastSeq) {
      const page = await memory.entries({ fromSeq, toSeq: lastSeq, limit: pageSize });
      const texts = page.map((e) => ({ m: e.message, text: indexText(e.message) })).filter((x) => x.text);
      const unstored = new Set(
        (await records.unstored(texts.map((x) => recordOf(x.m, x.text)))).map((r) => r.id),
      );
      const missing = texts.filter((x) => unstored.has(idOf(x.m)));
      if (missing.length > 0) await write(missing, await records.embed(missing.map((x) => x.text)));
      if (page.length < pageSize) break;
      fromSeq = (page.at(-1) as LogEntry).seq + 1;
    }
    if (lastSeq > 0 && indexed !== lastSeq) await storage.putState(scope, watermark, lastSeq);
    await records.catchUp();
    known = { logId, seq: lastSeq, stored: lastSeq };
  };

  return {
    index,
    textOf(message) {
      const candidate =
        typeof message === 'object' && message !== null ? withExtras(message, {}) : (message as unknown);
      return isMemoryMessage(candidate) ? indexText(candidate) : '';
    },
    embed: (text) => records.embed([text]),
    async write(m, text, vectors, seq) {
      const before = known;
      known = undefined; // until the write is whole
      if (text) await write([{ m, text }], vectors);
      // The log is known indexed through `seq` only when this message came right after what was known.
      if (before && seq === before.seq + 1) known = { ...before, seq };
    },
    async catchUp() {
      if (known) {
        const { lastSeq, logId } = await memory.stats();
        if (logId === known.logId && lastSeq === known.seq) {
          // A crash now re-checks at most a page of messages at the next open.
          if (known.seq - known.stored >= pageSize) {
            await storage.putState(scope, watermark, known.seq);
            known = { ...known, stored: known.seq };
          }
          return;
        }
      }
      await fullCatchUp();
    },
  };
}
