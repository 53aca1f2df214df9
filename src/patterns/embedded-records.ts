import { createLongTermMemory, type EngramLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { embedTexts, type LongTermEmbedder, toEmbedder } from '../longterm/embedder.ts';
import type { LongTermMemoryOptions } from '../longterm/long-term-memory-options.ts';
import type { LongTermRecord, NewLongTermRecord } from '../longterm/long-term-record.ts';
import { prepareRecord } from '../longterm/prepare-record.ts';
import { sameRecord } from '../longterm/record-versions.ts';

/**
 * A pattern's long-term records written with their vectors. A vector is computed before anything is stored, so
 * a model that fails stores nothing and the call is simply retried; a record is written before its vector, and a
 * vector left out between the two (by a crash or a failed write) is computed by `catchUp`.
 */
export interface EmbeddedRecords {
  /** The long-term memory the records live in (its search embeds queries with the same model). */
  readonly longTerm: EngramLongTermMemory;
  /** The vectors of `texts`, in order, or undefined when nothing is embedded (no model, or no vector search). */
  embed(texts: readonly string[]): Promise<number[][] | undefined>;
  /** Adds records (one already stored the same is skipped); returns them as stored, in order. */
  add(records: readonly NewLongTermRecord[]): Promise<LongTermRecord[]>;
  /** The records of `list` the store does not hold as given (none under the id, or another text, kind or metadata). */
  unstored(list: readonly NewLongTermRecord[]): Promise<NewLongTermRecord[]>;
  /** Adds records as `add` does, first deleting one held under an id with another text, kind or metadata. */
  replace(list: readonly NewLongTermRecord[]): Promise<void>;
  /** Stores the vectors `embed` gave for the records `ids`, in order (nothing when it gave none). */
  putVectors(ids: readonly string[], vectors: readonly number[][] | undefined): Promise<void>;
  /** Embeds every record of the scope that has no vector of the model (the long-term memory's `flush`). */
  catchUp(): Promise<void>;
}

/**
 * A long-term memory for a pattern's records (with `options`; its `embedding` also embeds what `embed` is
 * given) and the writes of {@link EmbeddedRecords}, which start no background work.
 */
export function createEmbeddedRecords(options: LongTermMemoryOptions, component: string): EmbeddedRecords {
  const embedder = options.embedding === undefined ? undefined : toEmbedder(options.embedding);
  const longTerm = createLongTermMemory({ ...options, ...(embedder ? { embedding: embedder } : {}) });
  const { records, scope } = longTerm;
  // A store without vector search is searched by full text alone: nothing is embedded for it.
  const vectors: LongTermEmbedder | undefined = records.vectorSearch ? embedder : undefined;
  const prepare = (list: readonly NewLongTermRecord[]) =>
    list.map((r, i) => prepareRecord(r, component, `records[${i}]`));
  /** Each record of `list` prepared, with the version the store holds under its id and whether it is the same. */
  const compare = async (list: readonly NewLongTermRecord[]) => {
    const prepared = prepare(list);
    const held = new Map(
      (
        await records.getRecords(
          scope,
          prepared.map((r) => r.id),
        )
      ).map((r) => [r.id, r]),
    );
    return prepared.map((r, i) => {
      const stored = held.get(r.id);
      return {
        r,
        input: list[i] as NewLongTermRecord,
        stored,
        same: stored !== undefined && sameRecord(stored, r),
      };
    });
  };
  return {
    longTerm,
    embed: async (texts) => (vectors && texts.length > 0 ? embedTexts(vectors, texts) : undefined),
    add: (list) => records.addRecords(scope, prepare(list)),
    async unstored(list) {
      return (await compare(list)).filter((x) => !x.same).map((x) => x.input);
    },
    async replace(list) {
      const compared = await compare(list);
      // An id a record is held under may be used again for something else (a message id a delete freed).
      for (const x of compared)
        if (x.stored && !x.same) await records.deleteRecord(scope, x.r.id, new Date());
      await records.addRecords(
        scope,
        compared.map((x) => x.r),
      );
    },
    async putVectors(ids, embedded) {
      if (!vectors || !embedded) return;
      await records.putEmbeddings(
        scope,
        ids.map((id, i) => ({ id, model: vectors.id, vector: embedded[i] as number[] })),
      );
    },
    catchUp: () => longTerm.flush(),
  };
}
