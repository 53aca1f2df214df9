/**
 * Single-message appends (`store.append`, one message per awaited call) on durable SQLite files, to price the
 * full-text index: each contender is a store with a pre-filled session, optionally with the index's insert
 * trigger dropped (the same store without full-text indexing), timed in interleaved rounds.
 */

import { join } from 'node:path';
import { messageRanks, prng, textOf } from './corpus.ts';
import { type Engram, textInput } from './engram.ts';
import type { Appender } from './measure.ts';

/** One append contender. */
export interface AppendVariant {
  /** Its label in the report. */
  label: string;
  /** The engram it runs. */
  engram: Engram;
  /** `synchronous=FULL` or `NORMAL`. */
  durability: 'power' | 'process';
  /** Drop the full-text insert trigger (schema v8): appends without indexing. */
  withoutIndex?: boolean;
}

/** Opens each variant's store on its own file, pre-fills a session with `prefill` messages; returns the appenders and a closer. */
export async function appendContenders(
  dir: string,
  variants: readonly AppendVariant[],
  prefill: number,
): Promise<{ appenders: Appender[]; close(): Promise<void> }> {
  const scope = { tenant: 'append' };
  const stores: { close(): Promise<void> }[] = [];
  const appenders: Appender[] = [];
  for (const [i, v] of variants.entries()) {
    const store = v.engram.createSqliteStore({ path: join(dir, `append-${i}.db`), durability: v.durability });
    stores.push(store);
    await store.createSession(scope, { id: 'a' });
    if (v.withoutIndex) {
      (store.database as { exec(sql: string): unknown }).exec(
        'DROP TRIGGER IF EXISTS engram_messages_fts_insert',
      );
    }
    const random = prng(5);
    for (let from = 0; from < prefill; from += 1000) {
      const inputs = Array.from({ length: Math.min(1000, prefill - from) }, (_, k) => {
        const r = messageRanks(random);
        return textInput(from + k, textOf(r), r.length);
      });
      await store.append(scope, 'a', inputs);
    }
    // Every contender appends the same messages, made before the clock starts.
    const texts = Array.from({ length: 4096 }, () => {
      const r = messageRanks(random);
      return { text: textOf(r), words: r.length };
    });
    appenders.push({
      label: v.label,
      append: (n) => {
        const t = texts[n % texts.length]!;
        return store.append(scope, 'a', [textInput(prefill + n, t.text, t.words)]);
      },
    });
  }
  return { appenders, close: async () => void (await Promise.all(stores.map((s) => s.close()))) };
}
