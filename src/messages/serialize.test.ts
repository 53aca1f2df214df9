import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { arbJson, arbMemoryMessage } from '../testing/message-arbitraries.ts';
import { deserializeMessage, freezeMessage, messageText, serializeMessage } from './serialize.ts';

const base = {
  id: 'm1',
  role: 'user',
  content: 'hi',
  createdAt: new Date('2024-01-15T10:30:00.000Z'),
} as const;
const withMetadata = (metadata: unknown) => ({ ...base, metadata }) as unknown as MemoryMessage;
const roundTrip = (m: MemoryMessage) => deserializeMessage(serializeMessage(m));

describe('serializeMessage / deserializeMessage', () => {
  it('encodes Date, bytes and URL as tagged objects and decodes them back', () => {
    const bytes = new Uint8Array([0, 1, 255]);
    const m = {
      ...base,
      content: [
        { type: 'file', data: bytes, mediaType: 'application/octet-stream' },
        { type: 'image', image: new URL('https://example.com/a.png') },
      ],
    } as unknown as MemoryMessage;
    const json = JSON.parse(serializeMessage(m));
    expect(json.createdAt).toEqual({ $date: '2024-01-15T10:30:00.000Z' });
    expect(json.content[0].data).toEqual({ $bytes: 'AAH/' });
    expect(json.content[1].image).toEqual({ $url: 'https://example.com/a.png' });
    const back = roundTrip(m);
    expect(back).toStrictEqual(m);
    expect(back.createdAt).toBeInstanceOf(Date);
  });

  it('decodes Buffer, ArrayBuffer and Uint8Array views as Uint8Array with the same bytes', () => {
    const backing = new Uint8Array([9, 8, 7, 6, 5]);
    for (const data of [Buffer.from([7, 6]), backing.slice(2, 4).buffer, backing.subarray(2, 4)]) {
      const m = { ...base, content: [{ type: 'file', data, mediaType: 'x/y' }] } as unknown as MemoryMessage;
      const part = (roundTrip(m).content as unknown as { data: Uint8Array }[])[0]!;
      expect(part.data).toBeInstanceOf(Uint8Array);
      expect(Array.from(part.data)).toEqual([7, 6]);
    }
  });

  it.each([
    ['$date', { $date: '2020-01-01T00:00:00.000Z' }],
    ['$bytes', { $bytes: 'AAAA' }],
    ['$url', { $url: 'https://example.com' }],
    ['$esc', { $esc: { a: 1 } }],
    ['$esc of $esc', { $esc: { $esc: { $esc: 1 } } }],
    ['$date with a non-string', { $date: 42 }],
    ['$esc with a non-object', { $esc: 'x' }],
    ['$esc with null', { $esc: null }],
    ['$url nested in an array', [{ $url: 'not a url' }, { $bytes: '!!' }]],
  ])('round-trips a plain object whose only key is %s', (_label, value) => {
    const m = withMetadata({ value, deep: { inner: value } });
    const back = roundTrip(m);
    expect(back.metadata).toStrictEqual({ value, deep: { inner: value } });
    expect(back).toStrictEqual(m);
  });

  it('escapes single special keys only; objects with more keys pass through as they are', () => {
    const json = JSON.parse(
      serializeMessage(withMetadata({ a: { $date: 'x' }, b: { $date: 'x', other: 1 } })),
    );
    expect(json.metadata.a).toEqual({ $esc: { $date: 'x' } });
    expect(json.metadata.b).toEqual({ $date: 'x', other: 1 });
    expect(roundTrip(withMetadata({ b: { $date: 'x', other: 1 } })).metadata).toEqual({
      b: { $date: 'x', other: 1 },
    });
  });

  it('drops undefined properties and keeps null, unicode, NUL and lone surrogates', () => {
    const text = 'a\u0000b \ud800 \udfff 🧠 \u2028';
    const m = {
      ...base,
      content: text,
      name: undefined,
      metadata: { n: null, s: text },
    } as unknown as MemoryMessage;
    const back = roundTrip(m);
    expect('name' in back).toBe(false);
    expect(back.content).toBe(text);
    expect(back.metadata).toEqual({ n: null, s: text });
  });

  // encode/decode set keys with defineProperty: an own `__proto__` key (JSON.parse makes one) survives.
  it('keeps an own "__proto__" key in metadata', () => {
    const m = withMetadata(JSON.parse('{"__proto__": {"x": 1}, "a": 2}'));
    expect(roundTrip(m)).toStrictEqual(m);
  });

  it('round-trips any JSON value in metadata exactly (property)', () => {
    fc.assert(
      fc.property(arbJson, (value) => {
        expect(roundTrip(withMetadata({ value })).metadata).toStrictEqual({ value });
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips any MemoryMessage, and serialization is stable (property)', () => {
    fc.assert(
      fc.property(arbMemoryMessage, (m) => {
        const json = serializeMessage(m);
        const back = deserializeMessage(json);
        expect(serializeMessage(back)).toBe(json);
        expect(deserializeMessage(serializeMessage(back))).toStrictEqual(back);
      }),
      { numRuns: 500 },
    );
  });
});

describe('freezeMessage', () => {
  it('deep-freezes objects but leaves bytes and URLs usable', () => {
    const m = freezeMessage(
      roundTrip({
        ...base,
        content: [{ type: 'file', data: new Uint8Array([1]), mediaType: 'x/y' }],
      } as unknown as MemoryMessage),
    );
    expect(Object.isFrozen(m)).toBe(true);
    expect(Object.isFrozen(m.content)).toBe(true);
    const part = (m.content as unknown as { data: Uint8Array }[])[0]!;
    expect(Object.isFrozen(part)).toBe(true);
    part.data[0] = 2;
    expect(part.data[0]).toBe(2);
  });
});

describe('messageText', () => {
  it('collects text, reasoning, tool names, inputs and outputs', () => {
    const m = {
      ...base,
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'think' },
        { type: 'text', text: 'say' },
        { type: 'tool-call', toolCallId: 'c', toolName: 'search', input: { q: 'otters' } },
      ],
    } as unknown as MemoryMessage;
    expect(messageText(m)).toBe('think\nsay\nsearch\n{"q":"otters"}');
    const tool = {
      ...base,
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c', toolName: 'search', output: { type: 'json', value: [1] } },
      ],
    } as unknown as MemoryMessage;
    expect(messageText(tool)).toBe('search\n[1]');
  });
});
