import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { arbMemoryMessage } from '../testing/message-arbitraries.ts';
import { agentPrefix, formatForModel } from './multi-agent-format.ts';
import { isMemoryMessage } from './validate.ts';

let n = 0;
const msg = (m: Partial<MemoryMessage> & Pick<MemoryMessage, 'role' | 'content'>): MemoryMessage =>
  ({ id: `m${++n}`, createdAt: new Date(0), ...m }) as MemoryMessage;

describe('formatForModel', () => {
  it('keeps own messages, prefixes requests and responses from other agents', () => {
    const log = [
      msg({ role: 'system', content: 'You are the writer.' }),
      msg({
        role: 'user',
        content: 'Draft a poem',
        agent: { from: 'planner', to: 'writer', kind: 'call' },
        name: 'planner',
      }),
      msg({ role: 'assistant', content: 'Roses…', agent: { from: 'writer', kind: 'response' } }),
      msg({
        role: 'assistant',
        content: [{ type: 'text', text: 'Looks good' }],
        agent: { from: 'critic', kind: 'response' },
      }),
      msg({ role: 'user', content: 'plain user' }),
    ];
    const out = formatForModel(log, { self: 'writer' });
    expect(out.map((m) => [m.role, m.content])).toEqual([
      ['system', 'You are the writer.'],
      ['user', '[Request from planner]: Draft a poem'],
      ['assistant', 'Roses…'],
      ['user', [{ type: 'text', text: '[Response from critic]: Looks good' }]],
      ['user', 'plain user'],
    ]);
    expect(out[1]).toMatchObject({ id: log[1]?.id, name: 'planner', agent: { from: 'planner' } });
    expect(out[2]).toBe(log[2]);
  });

  it('keeps files, drops other agents’ tool traffic and reasoning, adds a prefix part when there is no text', () => {
    const image = { type: 'file' as const, mediaType: 'image/png', data: 'AAAA' };
    const log = [
      msg({
        role: 'assistant',
        agent: { from: 'researcher' },
        content: [
          { type: 'reasoning', text: 'thinking' },
          image,
          { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: {} },
        ],
      }),
      msg({
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'search', output: { type: 'text', value: 'r' } },
        ],
      }),
      msg({ role: 'tool', agent: { from: 'researcher' }, content: [] }),
    ];
    expect(formatForModel(log, { self: 'writer' }).map((m) => m.content)).toEqual([
      [{ type: 'text', text: '[Message from researcher]:' }, image],
    ]);
  });

  it('keeps tool pairs of self intact', () => {
    const log = [
      msg({
        role: 'assistant',
        agent: { from: 'me' },
        content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: 1 }],
      }),
      msg({
        role: 'tool',
        agent: { from: 'me' },
        content: [
          { type: 'tool-result', toolCallId: 'c', toolName: 't', output: { type: 'text', value: 'x' } },
        ],
      }),
    ];
    expect(formatForModel(log, { self: 'me' })).toEqual(log);
  });

  it('always yields valid messages, no foreign assistant turns, and leaves unattributed/own messages untouched', () => {
    fc.assert(
      fc.property(fc.array(arbMemoryMessage, { maxLength: 8 }), fc.constantFrom('a', 'b'), (log, self) => {
        const out = formatForModel(log, { self });
        for (const m of out) {
          expect(isMemoryMessage(m)).toBe(true);
          if (m.agent && m.agent.from !== self && m.role !== 'system') {
            expect(m.role).toBe('user');
            if (m.role === 'user') {
              const text =
                typeof m.content === 'string' ? m.content : m.content.find((p) => p.type === 'text')?.text;
              expect(text?.startsWith(agentPrefix(m.agent).trimEnd())).toBe(true);
            }
          }
        }
        const kept = log.filter((m) => m.role !== 'tool' && (!m.agent || m.agent.from === self));
        for (const m of kept) expect(out).toContain(m);
      }),
    );
  });

  it('a misspelt option (`slef`, `styl`) is INVALID_ARGUMENT naming formatForModel and the key', async () => {
    const log = [{ id: 'm', role: 'assistant', content: 'hi', agent: { from: 'other' } }] as MemoryMessage[];
    for (const [bad, key] of [
      [{ self: 'me', slef: 'other' }, 'slef'],
      [{ self: 'me', styl: 'prefix' }, 'styl'],
    ] as const) {
      const error = await expectMemoryError(() => formatForModel(log, bad as never), 'INVALID_ARGUMENT');
      expect(error.message).toContain('formatForModel');
      expect(error.message).toContain(key);
    }
    expect(formatForModel(log, { self: 'me', style: 'prefix' })[0]?.content).toBe('[Message from other]: hi');
  });
});
