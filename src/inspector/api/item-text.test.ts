import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { itemView } from './item-text.ts';

const at = new Date(0);
const logged: MemoryMessage = { id: 'm1', role: 'user', content: 'the original, long', createdAt: at };

describe('itemView: the text an item sent', () => {
  it('prefers the text kept as sent, with the log original when it differs', () => {
    const cited = itemView(
      { source: 'citation', tokens: 3, why: 'cited', messageId: 'm1', sent: 'a citation' },
      logged,
      'o200k_base',
    );
    expect(cited).toMatchObject({ text: 'a citation', textOrigin: 'sent', original: 'the original, long' });
    const same = itemView(
      { source: 'message', tokens: 3, why: 'kept', sent: 'the original, long' },
      logged,
      'x',
    );
    expect(same.original).toBeUndefined();
  });

  it('falls back to the log message, then to a preview (older records), then to nothing', () => {
    expect(
      itemView({ source: 'message', tokens: 3, why: 'kept', messageId: 'm1' }, logged, 'x'),
    ).toMatchObject({
      text: 'the original, long',
      textOrigin: 'log',
    });
    const old = itemView(
      { source: 'long-term', tokens: 9, why: 'recall', preview: 'the start' },
      undefined,
      'x',
    );
    expect(old).toMatchObject({ text: 'the start', textOrigin: 'preview' });
    expect(old).not.toHaveProperty('preview');
    expect(itemView({ source: 'instructions', tokens: 9, why: 'i' }, undefined, 'x')).toMatchObject({
      text: '',
      textOrigin: 'none',
    });
  });

  it('splits tool definitions by tool, each counted in the step encoding (none for an estimate)', () => {
    const lines = [
      JSON.stringify({ name: 'a', description: 'first', parameters: { type: 'object' } }),
      JSON.stringify({ name: 'b', description: 'second', parameters: {} }),
      'not json',
    ];
    const sent = lines.join('\n');
    const counter = createTokenCounter({ encoding: 'o200k_base' });
    const view = itemView({ source: 'tools', tokens: 1, why: 't', sent }, undefined, 'o200k_base');
    expect(view.tools).toEqual(
      lines.map((l, i) => ({ name: ['a', 'b', ''][i], tokens: counter.countText(l) })),
    );
    expect(itemView({ source: 'tools', tokens: 1, why: 't', sent }, undefined, 'estimate').tools).toEqual([
      { name: 'a', tokens: null },
      { name: 'b', tokens: null },
      { name: '', tokens: null },
    ]);
  });
});
