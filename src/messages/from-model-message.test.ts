import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbExtras, arbMemoryMessage, arbModelMessage } from '../testing/message-arbitraries.ts';
import { toMemoryMessage, toMemoryMessages } from './from-model-message.ts';
import { toModelMessage, toModelMessages } from './to-model-message.ts';
import { isMemoryMessage } from './validate.ts';

const clock = { now: () => new Date('2025-01-02T03:04:05Z') };

describe('toMemoryMessage / toModelMessage', () => {
  it('round-trips ModelMessage → MemoryMessage → ModelMessage', () => {
    fc.assert(
      fc.property(arbModelMessage, (m) => {
        const mem = toMemoryMessage(m);
        expect(isMemoryMessage(mem)).toBe(true);
        expect(toModelMessage(mem)).toEqual(m);
      }),
    );
  });

  it('round-trips MemoryMessage → ModelMessage → MemoryMessage with the same extras', () => {
    fc.assert(
      fc.property(arbMemoryMessage, (m) => {
        const { id, createdAt, metadata, name, agent } = m;
        const model = toModelMessage(m);
        for (const k of ['id', 'createdAt', 'metadata', 'name', 'agent']) expect(model).not.toHaveProperty(k);
        expect(toMemoryMessage(model, { id, createdAt, metadata, name, agent })).toEqual(m);
      }),
    );
  });

  it('assigns a msg_ id and now only when missing; extras win', () => {
    const m = toMemoryMessage({ role: 'user', content: 'hi' }, {}, { clock });
    expect(m.id).toMatch(/^msg_/);
    expect(m.createdAt).toEqual(clock.now());
    const kept = toMemoryMessage(m, {}, { clock: { now: () => new Date(0) } });
    expect(kept).toEqual(m);
    expect(toMemoryMessage(m, { id: 'other', name: 'bob' }).id).toBe('other');
    expect(toMemoryMessage(m, { name: undefined })).toEqual(m);
  });

  it('keeps providerOptions and unknown keys, does not mutate', () => {
    fc.assert(
      fc.property(arbModelMessage, arbExtras, (m, x) => {
        const input = { ...m, providerOptions: { p: { a: 1 } } };
        const snapshot = { ...input };
        const mem = toMemoryMessage(input, x);
        expect(input).toStrictEqual(snapshot);
        expect(toModelMessage(mem).providerOptions).toEqual({ p: { a: 1 } });
      }),
      { numRuns: 50 },
    );
  });

  it('plural forms give unique ids and one time, keeping existing createdAt', () => {
    const old = new Date(5);
    const ms = toMemoryMessages(
      [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b', createdAt: old } as never],
      { metadata: { run: 1 } },
      { clock },
    );
    expect(new Set(ms.map((m) => m.id)).size).toBe(2);
    expect(ms[0]?.createdAt).toEqual(clock.now());
    expect(ms[1]?.createdAt).toBe(old);
    expect(ms.every((m) => m.metadata?.run === 1)).toBe(true);
    expect(toModelMessages(ms)).toEqual([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
    ]);
  });

  it('refuses a misspelt option (genId: the default ids were used) naming it', () => {
    const genId = () => 'fixed';
    expect(() => toMemoryMessage({ role: 'user', content: 'a' }, {}, { genId } as never)).toThrow(
      /toMemoryMessage\(options\)\.genId: not an option/,
    );
    expect(() => toMemoryMessages([{ role: 'user', content: 'a' }], {}, { clok: clock } as never)).toThrow(
      /toMemoryMessages\(options\)\.clok: not an option/,
    );
  });
});
