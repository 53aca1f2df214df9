import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { listAllRecords } from './list-all-records.ts';
import { getLongTermRecords } from './long-term-store-v1.ts';
import { maxProvenanceIds } from './prepare-record.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `n` alternating user and assistant messages, a day apart in blocks of 500, each naming its number. */
const conversation = (n: number): MemoryMessage[] =>
  Array.from(
    { length: n },
    (_, i) =>
      ({
        id: `m${i}`,
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}: the cache budget note number n${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 500))),
      }) as MemoryMessage,
  );

describe('record: a call of more messages than one record names', () => {
  const stores = {
    memory: () => createMemoryStore(),
    SQLite: () => {
      const dir = mkdtempSync(join(tmpdir(), 'engram-record-'));
      dirs.push(dir);
      return createSqliteStore({ path: join(dir, 'lt.db') });
    },
  };
  for (const [name, open] of Object.entries(stores))
    it(`records every turn and an episode per run of at most ${maxProvenanceIds} messages (${name})`, async () => {
      const store = open();
      const scope = { tenant: 't', user: 'u' };
      const memory = createLongTermMemory({ store, scope, session: 's1' });
      const messages = conversation(2_500);
      await memory.record(messages); // threw INVALID_ARGUMENT (an episode naming 2,500 ids) before
      const records = await listAllRecords(getLongTermRecords(store, 'test'), scope);
      const episodes = records.filter((r) => r.kind === 'episode');
      expect(episodes.map((e) => e.provenance.messageIds.length)).toEqual([1000, 1000, 500]);
      expect(episodes.flatMap((e) => e.provenance.messageIds)).toEqual(messages.map((m) => m.id));
      // Each episode is dated by its first message; the first as before, by the call's first.
      expect(episodes.map((e) => e.validAt?.toISOString().slice(0, 10))).toEqual([
        '2026-01-01',
        '2026-01-03',
        '2026-01-05',
      ]);
      expect(records.filter((r) => r.kind === 'turn')).toHaveLength(2_500);
      const hits = await memory.search('n2499', { limit: 3 });
      expect(hits[0]?.record.provenance.messageIds).toContain('m2499');
      // Recording the same call again adds nothing.
      await memory.record(messages);
      expect(await listAllRecords(getLongTermRecords(store, 'test'), scope)).toHaveLength(records.length);
      await (store as { close?: () => Promise<void> }).close?.();
    });

  it(`keeps one episode for a call of up to ${maxProvenanceIds} messages`, async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    await createLongTermMemory({ store, scope, session: 's' }).record(conversation(maxProvenanceIds));
    const records = await listAllRecords(getLongTermRecords(store, 'test'), scope);
    expect(records.filter((r) => r.kind === 'episode')).toHaveLength(1);
  });
});

describe('record: long turns', () => {
  /** Five user turns of `content`, a minute apart, spoken by `name`. */
  const longTurns = (content: string, name?: string): MemoryMessage[] =>
    Array.from(
      { length: 5 },
      (_, i) =>
        ({
          id: `l${i}`,
          role: 'user',
          ...(name === undefined ? {} : { name }),
          content,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        }) as MemoryMessage,
    );

  it('an episode longer than a record holds is cut between characters, never inside an emoji', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't', user: 'u' };
    const memory = createLongTermMemory({ store, scope, session: 's', neighbours: 0 });
    // Turns "a: 😀😀…" (3 + 16,000 code units) joined by newlines: the 64 KiB cut falls between an emoji's halves.
    // It threw INVALID_ARGUMENT (records[5].text must be well-formed text) for these well-formed messages.
    await memory.record(longTurns('😀'.repeat(8000), 'a'));
    const records = await listAllRecords(getLongTermRecords(store, 'test'), scope);
    const [episode] = records.filter((r) => r.kind === 'episode');
    expect(episode?.text.isWellFormed()).toBe(true);
    expect(episode?.text.length).toBe(64 * 1024 - 1);
    expect(records.filter((r) => r.kind === 'turn')).toHaveLength(5);
  });
});

describe('record: neighbours longer than a record holds', () => {
  const turns = (n: number, chars: number): MemoryMessage[] =>
    Array.from(
      { length: n },
      (_, i) =>
        ({
          id: `c${i}`,
          role: i % 2 ? 'assistant' : 'user',
          content: `turn${i} ${'word '.repeat(chars / 5)}`.trim(),
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        }) as MemoryMessage,
    );

  for (const [what, options, messages] of [
    ['the default two each side, each of 16 KiB', {}, turns(5, 16_400)],
    ['neighbours: 10, each of 8 KiB', { neighbours: 10 }, turns(21, 8_000)],
  ] as const)
    it(`keeps every turn, its context cut to fit, its dates kept (${what})`, async () => {
      const store = createMemoryStore();
      const scope = { tenant: 't', user: 'u' };
      const memory = createLongTermMemory({ store, scope, session: 's', ...options });
      // Threw INVALID_ARGUMENT (records[2].context has 65564 characters; the most is 65536): nothing was stored.
      await memory.record(messages);
      const recorded = await listAllRecords(getLongTermRecords(store, 'test'), scope);
      const kept = recorded.filter((r) => r.kind === 'turn');
      expect(kept).toHaveLength(messages.length);
      for (const r of kept) {
        expect(r.context?.length).toBeLessThanOrEqual(64 * 1024);
        expect(r.context).toContain('january 2026'); // the day it was said is still in its context
      }
      // The middle turn's context still holds each neighbour's start.
      const middle = kept.find((r) => r.provenance.messageIds[0] === `c${Math.floor(messages.length / 2)}`);
      const around = options.neighbours ?? 2;
      for (let k = 1; k <= around; k++) {
        const mid = Math.floor(messages.length / 2);
        expect(middle?.context).toContain(`turn${mid - k} word`);
        expect(middle?.context).toContain(`turn${mid + k} word`);
      }
    });
});
