import { expect } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { canonicalMessage, expectMemoryError, makeMessage, toInputs, withText } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Appending: ordering, gapless sequence numbers, atomic batches, idempotency, token counts. */
export const appendCases: StoreCase[] = [
  {
    name: 'append: seq starts at 1 and is gapless across batches, in order',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'log' });
      const first = [
        makeMessage('system', 'be brief'),
        makeMessage('user', 'hi'),
        makeMessage('assistant', 'hello'),
      ];
      const second = [makeMessage('user', 'again'), makeMessage('assistant', 'yes')];
      const a = await store.append(s, 'log', toInputs(first));
      const b = await store.append(s, 'log', toInputs(second));
      expect(a.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(b.map((e) => e.seq)).toEqual([4, 5]);
      expect(a[1]?.message).toStrictEqual(canonicalMessage(first[1]!));
      const all = await store.readRange(s, 'log');
      expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(all.map((e) => e.message.id)).toEqual([...first, ...second].map((m) => m.id));
      expect(await store.append(s, 'log', [])).toEqual([]);
      expect((await store.stats(s, 'log')).lastSeq).toBe(5);
    },
  },
  {
    name: 'append: concurrent appends to one session stay gapless',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'busy' });
      const messages = Array.from({ length: 20 }, (_, i) => makeMessage('user', `m${i}`));
      const results = await Promise.all(messages.map((m) => store.append(s, 'busy', toInputs([m]))));
      const seqs = results.map((r) => r[0]!.seq).sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const all = await store.readRange(s, 'busy');
      expect(all.map((e) => e.seq)).toEqual(seqs);
      for (const [i, r] of results.entries()) expect(all[r[0]!.seq - 1]?.message.id).toBe(messages[i]!.id);
    },
  },
  {
    name: 'append: a batch with one over-limit message stores nothing',
    async run({ store, scope, maxMessageBytes }) {
      const s = scope();
      await store.createSession(s, { id: 'big' });
      await store.append(s, 'big', toInputs([makeMessage('user', 'before')]));
      const huge = makeMessage('user', 'x'.repeat(maxMessageBytes + 1024));
      const batch = toInputs([makeMessage('user', 'ok one'), huge, makeMessage('user', 'ok two')]);
      await expectMemoryError(store.append(s, 'big', batch), 'PAYLOAD_TOO_LARGE');
      expect(await store.stats(s, 'big')).toMatchObject({ count: 1, lastSeq: 1 });
      expect((await store.readRange(s, 'big')).map((e) => e.message.content)).toEqual(['before']);
      expect((await store.append(s, 'big', toInputs([makeMessage('user', 'after')])))[0]?.seq).toBe(2);
    },
  },
  {
    name: 'append: a batch with one conflicting duplicate id stores nothing',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'dups' });
      const stored = makeMessage('user', 'original');
      await store.append(s, 'dups', toInputs([stored]));
      const fresh = makeMessage('user', 'fresh');
      const clash = withText(stored, 'changed');
      await expectMemoryError(
        store.append(s, 'dups', toInputs([fresh, clash, makeMessage('user', 'x')])),
        'DUPLICATE_MESSAGE_ID',
      );
      const twin = makeMessage('user', 'twin');
      const twinClash = withText(twin, 'other twin');
      await expectMemoryError(store.append(s, 'dups', toInputs([twin, twinClash])), 'DUPLICATE_MESSAGE_ID');
      expect(await store.stats(s, 'dups')).toMatchObject({ count: 1, lastSeq: 1 });
      expect(await store.getMessages(s, 'dups', [fresh.id, twin.id])).toEqual([]);
    },
  },
  {
    name: 'append: re-appending an identical message returns the stored entry and no new seq',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'idem' });
      const m = makeMessage('user', 'once', { metadata: { k: [1, 'two'] } });
      const [first] = await store.append(s, 'idem', toInputs([m], [7]));
      const [again] = await store.append(s, 'idem', toInputs([structuredClone(m)], [7]));
      expect(again?.seq).toBe(first?.seq);
      expect(again?.message).toStrictEqual(canonicalMessage(m));
      const next = makeMessage('assistant', 'next');
      const mixed = await store.append(s, 'idem', toInputs([m, next, next]));
      expect(mixed.map((e) => e.seq)).toEqual([1, 2, 2]);
      expect(await store.stats(s, 'idem')).toMatchObject({ count: 2, lastSeq: 2 });
    },
  },
  {
    name: 'append: a different message under a live id throws DUPLICATE_MESSAGE_ID',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'clash' });
      const m = makeMessage('user', 'hello');
      await store.append(s, 'clash', toInputs([m]));
      await expectMemoryError(
        store.append(s, 'clash', toInputs([withText(m, 'bye')])),
        'DUPLICATE_MESSAGE_ID',
      );
      const laterDate = { ...m, createdAt: new Date(m.createdAt.getTime() + 1) };
      await expectMemoryError(store.append(s, 'clash', toInputs([laterDate])), 'DUPLICATE_MESSAGE_ID');
      const [entry] = await store.getMessages(s, 'clash', [m.id]);
      expect(entry?.message.content).toBe('hello');
      await store.createSession(s, { id: 'elsewhere' });
      expect((await store.append(s, 'elsewhere', toInputs([withText(m, 'bye')])))[0]?.seq).toBe(1);
    },
  },
  {
    name: 'append: re-appending a deleted id stores it again with a new seq',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'again' });
      const m = makeMessage('user', 'v1');
      await store.append(s, 'again', toInputs([m, makeMessage('user', 'other')]));
      expect(await store.deleteMessages(s, 'again', [m.id])).toBe(1);
      const [back] = await store.append(s, 'again', toInputs([withText(m, 'v2')]));
      expect(back?.seq).toBe(3);
      const all = await store.readRange(s, 'again');
      expect(all.map((e) => [e.seq, e.message.content])).toEqual([
        [2, 'other'],
        [3, 'v2'],
      ]);
      expect((await store.getMessages(s, 'again', [m.id])).map((e) => e.seq)).toEqual([3]);
    },
  },
  {
    name: 'append: token counts are stored and summed in stats',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'tok' });
      expect(await store.stats(s, 'tok')).toMatchObject({ count: 0, tokens: 0, lastSeq: 0 });
      const ms = [makeMessage('user', 'a'), makeMessage('assistant', 'b'), makeMessage('user', 'c')];
      const entries = await store.append(s, 'tok', toInputs(ms, [3, 5, 7]));
      expect(entries.map((e) => e.tokens)).toEqual([3, 5, 7]);
      expect((await store.readRange(s, 'tok')).map((e) => e.tokens)).toEqual([3, 5, 7]);
      expect(await store.stats(s, 'tok')).toMatchObject({ count: 3, tokens: 15, lastSeq: 3 });
      await store.deleteMessages(s, 'tok', [ms[1]!.id]);
      expect(await store.stats(s, 'tok')).toMatchObject({ count: 2, tokens: 10, lastSeq: 3 });
    },
  },
  {
    name: 'append: a session token total past Number.MAX_SAFE_INTEGER is INVALID_ARGUMENT, stores nothing, and the scope keeps working',
    async run({ store, scope }) {
      const s = scope();
      const max = Number.MAX_SAFE_INTEGER;
      await store.createSession(s, { id: 'full' });
      const first = makeMessage('user', 'first');
      await store.append(s, 'full', toInputs([first], [max]));
      const over = makeMessage('user', 'over');
      await expectMemoryError(store.append(s, 'full', toInputs([over], [max])), 'INVALID_ARGUMENT');
      await expectMemoryError(store.append(s, 'full', toInputs([over], [1])), 'INVALID_ARGUMENT');
      const batch = toInputs([makeMessage('user', 'a'), makeMessage('user', 'b')], [max, max]);
      await expectMemoryError(store.append(s, 'full', batch), 'INVALID_ARGUMENT');
      // An identical re-append adds nothing, so it still works at the cap; zero tokens fit.
      expect((await store.append(s, 'full', toInputs([first], [max])))[0]?.seq).toBe(1);
      expect((await store.append(s, 'full', toInputs([makeMessage('user', 'free')], [0])))[0]?.seq).toBe(2);
      // A fork inherits the total; its own appends count against it.
      await store.createSession(s, { id: 'fork', fork: { parentId: 'full', atSeq: 2 } });
      await expectMemoryError(store.append(s, 'fork', toInputs([over], [1])), 'INVALID_ARGUMENT');
      expect(await store.stats(s, 'fork')).toMatchObject({ count: 2, tokens: max, lastSeq: 2 });
      // Nothing was stored and every read of the scope still works.
      expect(await store.stats(s, 'full')).toMatchObject({ count: 2, tokens: max, lastSeq: 2 });
      expect((await store.readRange(s, 'full')).map((e) => e.message.content)).toEqual(['first', 'free']);
      expect((await store.getSession(s, 'full'))?.id).toBe('full');
      expect((await store.listSessions(s)).map((r) => r.id).sort()).toEqual(['fork', 'full']);
      // Deleting frees the room again.
      await store.deleteMessages(s, 'full', [first.id]);
      expect((await store.append(s, 'full', toInputs([over], [max])))[0]?.seq).toBe(3);
      await store.deleteSession(s, 'full');
      expect((await store.listSessions(s)).map((r) => r.id)).toEqual(['fork']);
    },
  },
  {
    name: 'append: malformed inputs and token counts throw INVALID_ARGUMENT and store nothing',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'bad' });
      await store.append(s, 'bad', toInputs([makeMessage('user', 'kept')], [2]));
      const m = makeMessage('user', 'never stored');
      const bad: [string, unknown][] = [
        ['inputs undefined', undefined],
        ['inputs null', null],
        ['inputs an object', { message: m, tokens: 1 }],
        ['inputs a string', 'hello'],
        ['item undefined', [undefined]],
        ['item null', [null]],
        ['item a number', [{ message: m, tokens: 1 }, 7]],
        ['item a string', ['message']],
        ['item without message', [{ tokens: 1 }]],
        ['tokens missing', [{ message: m }]],
        ['tokens NaN', [{ message: m, tokens: Number.NaN }]],
        ['tokens negative', [{ message: m, tokens: -1 }]],
        ['tokens non-integer', [{ message: m, tokens: 1.5 }]],
        ['tokens Infinity', [{ message: m, tokens: Number.POSITIVE_INFINITY }]],
        ['tokens a string', [{ message: m, tokens: '3' }]],
      ];
      for (const [what, inputs] of bad) {
        const error = await store.append(s, 'bad', inputs as never).then(
          () => new Error(`${what}: append succeeded`),
          (e: unknown) => e,
        );
        expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), `${what}: ${String(error)}`).toBe(true);
        expect((error as Error).message, what).toMatch(/^\[engram\] \[[\w-]+\] /);
      }
      expect(await store.stats(s, 'bad')).toMatchObject({ count: 1, tokens: 2, lastSeq: 1 });
      expect((await store.readRange(s, 'bad')).map((e) => e.message.content)).toEqual(['kept']);
      expect((await store.append(s, 'bad', toInputs([m], [0])))[0]?.seq).toBe(2);
    },
  },
];
