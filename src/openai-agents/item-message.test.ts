import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbAgentItem } from '../../test-support/agent-item-arbitrary.ts';
import { itemToMessage, messageToItems } from './item-message.ts';

/** Non-empty text: an empty text part stands for no item (see `messageToItems`), so it cannot round-trip. */
const text = fc.string({ minLength: 1, maxLength: 8 });
const callId = fc.string({ minLength: 1, maxLength: 4 });

/** Items in the form `messageToItems` gives them: one of each kind it knows. */
const item = arbAgentItem(text, callId, { system: true, reasoning: true });

describe('itemToMessage / messageToItems', () => {
  it('round-trips items of every kind they know: items → message → items (property)', () => {
    fc.assert(
      fc.property(item, (it) => {
        expect(messageToItems(itemToMessage(it))).toEqual([it]);
      }),
      { numRuns: 500 },
    );
  });

  it('turns an assistant reasoning part into a reasoning item, never into text the assistant said', () => {
    expect(
      messageToItems({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Check the forecast.' },
          { type: 'text', text: 'Sunny.' },
          { type: 'reasoning', text: 'Done.' },
        ],
      }),
    ).toEqual([
      { type: 'reasoning', content: [{ type: 'input_text', text: 'Check the forecast.' }] },
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Sunny.' }],
      },
      { type: 'reasoning', content: [{ type: 'input_text', text: 'Done.' }] },
    ]);
  });

  it('leaves out an empty reasoning part, as it does an empty text', () => {
    expect(
      messageToItems({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: '' },
          { type: 'text', text: '' },
        ],
      }),
    ).toEqual([]);
  });
});
