import fc from 'fast-check';
import { expect } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { canonicalMessage, expectMemoryError, makeMessage, sleep, toInputs, withText } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

const texts = (es: { message: MemoryMessage }[]) => es.map((e) => e.message.content);
const seqs = (es: { seq: number }[]) => es.map((e) => e.seq);
const users = (...words: string[]) => words.map((w) => makeMessage('user', w));

/** A session `r` holding a, b, c (tokens 1, 2, 3). */
async function abc(store: MemoryStoreV1, s: Scope): Promise<MemoryMessage[]> {
  await store.createSession(s, { id: 'r' });
  const ms = users('a', 'b', 'c');
  await store.append(s, 'r', toInputs(ms, [1, 2, 3]));
  return ms;
}

/** `replaceMessages`: the atomic swap `ConversationMemory.loadState` is built on. */
export const replaceCases: StoreCase[] = [
  {
    name: 'replace: the live log becomes exactly the inputs, appended after lastSeq',
    async run({ store, scope }) {
      const s = scope();
      await abc(store, s);
      const next = users('x', 'y');
      const out = await store.replaceMessages(s, 'r', toInputs(next, [5, 6]));
      expect(texts(out)).toEqual(['x', 'y']);
      expect(seqs(out)).toEqual([4, 5]);
      expect(texts(await store.readRange(s, 'r'))).toEqual(['x', 'y']);
      expect(await store.stats(s, 'r')).toMatchObject({ count: 2, tokens: 11, lastSeq: 5 });
      expect(await store.replaceMessages(s, 'r', [])).toEqual([]);
      expect(await store.stats(s, 'r')).toMatchObject({ count: 0, tokens: 0, lastSeq: 5 });
    },
  },
  {
    name: 'replace: an equal leading prefix is kept with its seqs; an equal log writes nothing',
    async run({ store, scope }) {
      const s = scope();
      const [a, b, c] = await abc(store, s);
      const before = await store.getSession(s, 'r');
      await sleep(5);
      expect(seqs(await store.replaceMessages(s, 'r', toInputs([a!, b!, c!], [9, 9, 9])))).toEqual([1, 2, 3]);
      expect(await store.stats(s, 'r')).toMatchObject({ count: 3, tokens: 6, lastSeq: 3 });
      expect(await store.getSession(s, 'r')).toEqual(before);
      const d = makeMessage('user', 'd');
      const out = await store.replaceMessages(s, 'r', toInputs([a!, b!, d], [1, 2, 4]));
      expect(seqs(out)).toEqual([1, 2, 4]);
      expect(texts(await store.readRange(s, 'r'))).toEqual(['a', 'b', 'd']);
      expect(await store.stats(s, 'r')).toMatchObject({ count: 3, tokens: 7, lastSeq: 4 });
      // A changed message under a kept id ends the prefix: it is replaced, and its id is free again.
      const changed = withText(b!, 'b2');
      expect(seqs(await store.replaceMessages(s, 'r', toInputs([a!, changed, d], [1, 2, 4])))).toEqual([
        1, 5, 6,
      ]);
      expect(texts(await store.readRange(s, 'r'))).toEqual(['a', 'b2', 'd']);
    },
  },
  {
    name: 'replace: a refused input changes nothing (duplicate ids, size limit, unknown session)',
    async run({ store, scope, maxMessageBytes }) {
      const s = scope();
      const [a] = await abc(store, s);
      const x = makeMessage('user', 'x');
      await expectMemoryError(
        store.replaceMessages(s, 'r', toInputs([x, withText(x, 'x2')])),
        'DUPLICATE_MESSAGE_ID',
      );
      await expectMemoryError(
        store.replaceMessages(s, 'r', toInputs([a!, x, withText(a!, 'a2')])),
        'DUPLICATE_MESSAGE_ID',
      );
      await expectMemoryError(
        store.replaceMessages(s, 'r', [
          ...toInputs([a!], [1]),
          { message: x, tokens: Number.MAX_SAFE_INTEGER },
        ]),
        'INVALID_ARGUMENT', // the new log's token total would pass Number.MAX_SAFE_INTEGER
      );
      const big = makeMessage('user', 'z'.repeat(maxMessageBytes + 10));
      await expectMemoryError(store.replaceMessages(s, 'r', toInputs([x, big])), 'PAYLOAD_TOO_LARGE');
      await expectMemoryError(store.replaceMessages(s, 'missing', toInputs([x])), 'SESSION_NOT_FOUND');
      await expectMemoryError(
        store.replaceMessages(scope(), 'r', toInputs([x])), // another tenant
        'SESSION_NOT_FOUND',
      );
      expect(texts(await store.readRange(s, 'r'))).toEqual(['a', 'b', 'c']);
      expect(await store.stats(s, 'r')).toMatchObject({ count: 3, tokens: 6, lastSeq: 3 });
      // The same message twice in one batch is one entry, as in append.
      expect(seqs(await store.replaceMessages(s, 'r', toInputs([x, x])))).toEqual([4, 4]);
    },
  },
  {
    name: 'replace: on a fork it hides inherited entries; the parent and its other forks keep theirs',
    async run({ store, scope }) {
      const s = scope();
      const [a, b] = await abc(store, s);
      await store.createSession(s, { id: 'f', fork: { parentId: 'r', atSeq: 2 } });
      await store.createSession(s, { id: 'g', fork: { parentId: 'r', atSeq: 3 } });
      const out = await store.replaceMessages(s, 'f', toInputs([a!, ...users('f1')]));
      expect(texts(out)).toEqual(['a', 'f1']);
      expect(seqs(out)).toEqual([1, 3]);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['a', 'f1']);
      expect(await store.stats(s, 'f')).toMatchObject({ count: 2, lastSeq: 3 });
      expect(texts(await store.readRange(s, 'r'))).toEqual(['a', 'b', 'c']);
      await store.replaceMessages(s, 'r', toInputs([b!]));
      expect(texts(await store.readRange(s, 'r'))).toEqual(['b']);
      expect(texts(await store.readRange(s, 'g'))).toEqual(['a', 'b', 'c']);
      expect(texts(await store.readRange(s, 'f'))).toEqual(['a', 'f1']);
    },
  },
  {
    name: 'replace: a concurrent reader sees the old log or the new one, never a mix or an empty log',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'swap' });
      const logs = [users('a1', 'a2', 'a3'), users('b1', 'b2')];
      await store.append(s, 'swap', toInputs(logs[0]!));
      const seen = new Set<string>();
      for (let i = 1; i <= 6; i++) {
        let done = false;
        const replacing = store.replaceMessages(s, 'swap', toInputs(logs[i % 2]!)).finally(() => {
          done = true;
        });
        // Read while the replace is in flight, each read after the previous one answered and a turn of the
        // event loop (so a replace that waits on a timer or I/O between its halves is read in between).
        do {
          seen.add(texts(await store.readRange(s, 'swap')).join(' '));
          await new Promise((resolve) => setImmediate(resolve));
        } while (!done);
        await replacing;
      }
      for (const log of seen) expect(['a1 a2 a3', 'b1 b2']).toContain(log);
    },
  },
  {
    name: 'replace: the new log survives a reopen',
    needsReopen: true,
    async run(t) {
      const s = t.scope();
      const [a] = await abc(t.store, s);
      const next = [a!, ...users('n1', 'n2')];
      await t.store.replaceMessages(s, 'r', toInputs(next, [1, 1, 1]));
      const store = await t.reopen();
      const entries = await store.readRange(s, 'r');
      expect(entries.map((e) => e.message)).toEqual(next.map(canonicalMessage));
      expect(seqs(entries)).toEqual([1, 4, 5]);
      expect(await store.stats(s, 'r')).toMatchObject({ count: 3, tokens: 3, lastSeq: 5 });
      expect(seqs(await store.append(s, 'r', toInputs(users('after'))))).toEqual([6]);
    },
  },
  {
    name: 'replace: appends, deletes and replaces agree with a list model (property)',
    async run({ store, scope }) {
      // Messages come from a small pool, so replacements share prefixes, reuse removed ids and repeat the log.
      const pool = users('m0', 'm1', 'm2', 'm3', 'm4', 'm5');
      const pick = fc.array(fc.nat({ max: pool.length - 1 }), { maxLength: 5 });
      const op = fc.oneof(
        fc.record({ kind: fc.constant('replace' as const), picks: pick }),
        fc.record({ kind: fc.constant('append' as const), picks: pick }),
        fc.record({ kind: fc.constant('delete' as const), picks: pick }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
          const s = scope();
          await store.createSession(s, { id: 'm' });
          let model: MemoryMessage[] = [];
          let lastSeq = 0;
          for (const o of ops) {
            const chosen = [...new Set(o.picks)].map((i) => pool[i]!);
            if (o.kind === 'delete') {
              await store.deleteMessages(
                s,
                'm',
                chosen.map((m) => m.id),
              );
              model = model.filter((m) => !chosen.includes(m));
              continue;
            }
            const fresh = o.kind === 'append' ? chosen.filter((m) => !model.includes(m)) : chosen;
            if (o.kind === 'append') {
              await store.append(
                s,
                'm',
                toInputs(
                  chosen,
                  chosen.map(() => 1),
                ),
              );
              model = [...model, ...fresh];
              lastSeq += fresh.length;
              continue;
            }
            let keep = 0;
            while (keep < model.length && model[keep] === chosen[keep]) keep++;
            await store.replaceMessages(
              s,
              'm',
              toInputs(
                chosen,
                chosen.map(() => 1),
              ),
            );
            model = chosen;
            lastSeq += chosen.length - keep;
          }
          const entries = await store.readRange(s, 'm');
          expect(entries.map((e) => e.message.id)).toEqual(model.map((m) => m.id));
          expect(await store.stats(s, 'm')).toMatchObject({
            count: model.length,
            tokens: model.length,
            lastSeq,
          });
        }),
        { numRuns: 25 },
      );
    },
  },
];
