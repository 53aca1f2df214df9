import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidMessageError, MemoryError } from '../core/errors/index.ts';
import { arbMemoryMessage, arbModelMessage } from '../testing/message-arbitraries.ts';
import {
  formatPath,
  isMemoryMessage,
  isModelMessage,
  messageIssues,
  validateMessage,
  validateMessages,
} from './validate.ts';

const base = { id: 'msg_1', createdAt: new Date(0) };
const issuesOf = (m: unknown) => messageIssues(m).map((i) => i.path);

describe('validateMessage', () => {
  it('accepts every generated MemoryMessage and returns it unchanged', () => {
    fc.assert(
      fc.property(arbMemoryMessage, (m) => {
        expect(messageIssues(m)).toEqual([]);
        expect(validateMessage(m)).toBe(m);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts every generated ModelMessage as a ModelMessage', () => {
    fc.assert(fc.property(arbModelMessage, (m) => isModelMessage(m)));
  });

  it('rejects mutated messages and names the mutated path', () => {
    const set =
      (key: string, value: unknown, path: string) =>
      (m: Record<string, unknown>): string => {
        m[key] = value;
        return path;
      };
    const mutations: [string, (m: Record<string, unknown>) => string | undefined][] = [
      ['role', set('role', 'wizard', 'role')],
      ['id', set('id', undefined, 'id')],
      ['createdAt', set('createdAt', new Date(Number.NaN), 'createdAt')],
      ['metadata', set('metadata', { n: Number.POSITIVE_INFINITY }, 'metadata.n')],
      ['agent', set('agent', { kind: 'call' }, 'agent.from')],
      [
        'part type',
        (m) => {
          if (!Array.isArray(m.content)) return undefined;
          const i = m.content.length - 1;
          m.content[i] = { ...m.content[i], type: 'bogus' };
          return `content[${i}].type`;
        },
      ],
    ];
    fc.assert(
      fc.property(arbMemoryMessage, fc.constantFrom(...mutations), (m, [, mutate]) => {
        const copy = { ...m } as Record<string, unknown>;
        if (Array.isArray(copy.content)) copy.content = [...copy.content];
        const path = mutate(copy);
        if (path === undefined) return;
        expect(isMemoryMessage(copy)).toBe(false);
        expect(issuesOf(copy)).toContain(path);
      }),
      { numRuns: 300 },
    );
  });

  it('names nested paths in content[1].output.type notation', () => {
    const ok = { type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'text', value: 'x' } };
    const bad = { ...ok, output: { type: 'nope' } };
    expect(issuesOf({ ...base, role: 'tool', content: [ok, bad] })).toEqual(['content[1].output.type']);
    const json = { ...ok, output: { type: 'json', value: { a: [1, Number.NaN] } } };
    expect(issuesOf({ ...base, role: 'tool', content: [json] })).toEqual(['content[0].output.value.a[1]']);
    const file = { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 5 } };
    expect(issuesOf({ ...base, role: 'user', content: [file] })).toEqual(['content[0].data.data']);
  });

  it('explains a wrong content shape', () => {
    const [issue] = messageIssues({ ...base, role: 'user', content: 5 });
    expect(issue).toEqual({ path: 'content', problem: 'expected one of: a string; an array' });
  });

  it('rejects system messages with part content, bad ids and non-JSON metadata', () => {
    expect(issuesOf({ ...base, role: 'system', content: [{ type: 'text', text: 'x' }] })).toEqual([
      'content',
    ]);
    for (const id of ['', 'a\u0000b', '\ud800', 'x'.repeat(257), 7]) {
      expect(issuesOf({ ...base, id, role: 'system', content: 'x' })).toEqual(['id']);
    }
    expect(issuesOf({ ...base, role: 'system', content: 'x', metadata: { d: new Date() } })).toEqual([
      'metadata.d',
    ]);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(issuesOf({ ...base, role: 'system', content: 'x', metadata: cyclic })).toEqual([
      'metadata.self.self',
    ]);
  });

  it('allows lone surrogates in text and keeps unknown keys', () => {
    const m = { ...base, role: 'user', content: [{ type: 'text', text: '\ud800', future: 1 }], extra: true };
    expect(validateMessage(m)).toBe(m);
  });

  it('rejects a provider reference with a type key and a custom kind without a dot', () => {
    expect(issuesOf({ ...base, role: 'user', content: [{ type: 'image', image: { type: 'x' } }] })).toEqual([
      'content[0].image',
    ]);
    expect(issuesOf({ ...base, role: 'assistant', content: [{ type: 'custom', kind: 'nodot' }] })).toEqual([
      'content[0].kind',
    ]);
  });

  it('throws InvalidMessageError with issues and location', () => {
    const bad = { ...base, role: 'tool', content: [{ type: 'tool-result' }] };
    let error: unknown;
    try {
      validateMessages([{ ...base, role: 'system', content: 'x' }, bad]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidMessageError);
    expect(MemoryError.hasCode(error, 'INVALID_MESSAGE')).toBe(true);
    const e = error as InvalidMessageError;
    expect(e.location).toBe('messages[1]');
    expect(e.issues.map((i) => i.path)).toEqual([
      'content[0].toolCallId',
      'content[0].toolName',
      'content[0].output',
    ]);
    expect(e.message).toContain('messages[1]: content[0].toolCallId');
  });
});

describe('formatPath', () => {
  it('formats keys, indices and odd keys', () => {
    expect(formatPath(['content', 1, 'output', 'type'])).toBe('content[1].output.type');
    expect(formatPath(['metadata', 'a b'])).toBe('metadata["a b"]');
    expect(formatPath([])).toBe('');
  });
});
