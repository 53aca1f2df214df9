import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelAccepts } from '../../test-support/send-to-model.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { base64Issue } from './base64-data.ts';
import { messageIssues } from './validate.ts';

/**
 * A file's data the AI SDK cannot decode is refused when stored: the AI SDK reads inline strings and data URLs'
 * content as base64 and throws on what does not decode, so a stored message holding it failed the turn that sent
 * it and every later turn of the session. What engram accepts is what the AI SDK sends (its own conversion, run on
 * a mock model, is the oracle).
 */
/** Whether the AI SDK sends `messages` to a model without throwing. */
const sends = modelAccepts;

const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const file = (data: unknown, mediaType = 'image/png'): ModelMessage =>
  ({ role: 'user', content: [{ type: 'file', data, mediaType }] }) as ModelMessage;
const image = (image: unknown): ModelMessage =>
  ({ role: 'user', content: [{ type: 'image', image }] }) as ModelMessage;

const refused: Record<string, ModelMessage> = {
  'inline data with a % sign': file('%%%'),
  'inline data one character over': file('AAAAA'),
  'a data URL whose content is text': file('data:text/plain,hello', 'text/plain'),
  'a data URL without content': file('data:broken'),
  'a data URL as a URL object, content not base64': file(new URL('data:;base64,%%%')),
  'tagged inline data that is a data URL': file({ type: 'data', data: `data:image/png;base64,${png}` }),
  'tagged inline data not base64': file({ type: 'data', data: 'not base64!' }),
  'an image given as text': image('%%%'),
};
const accepted: Record<string, ModelMessage> = {
  'inline base64': file(png),
  'inline base64 without padding, with line breaks': file(
    `${png.slice(0, 40)}\n${png.slice(40).replace(/=+$/, '')}`,
  ),
  'a base64 data URL': file(`data:image/png;base64,${png}`),
  'a base64 data URL as a URL object': file(new URL(`data:image/png;base64,${png}`)),
  'tagged inline base64': file({ type: 'data', data: png }),
  'tagged bytes': file({ type: 'data', data: new Uint8Array([1, 2, 3]) }),
  'an image as base64': image(png),
};

describe('file data the AI SDK cannot decode', () => {
  for (const [name, message] of Object.entries(refused))
    it(`is refused when stored, naming its field: ${name}`, async () => {
      expect(await sends([message])).toBe(false);
      const issues = messageIssues({ id: 'm1', createdAt: new Date(), ...message });
      expect(issues.map((i) => i.path)).toEqual([expect.stringMatching(/^content\[0\]\.(data|image)$/)]);
      const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 'files' });
      await conversation.store([{ role: 'user', content: 'before' }]);
      await expect(conversation.store([message])).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
      expect((await conversation.read()).length).toBe(1);
    });
  for (const [name, message] of Object.entries(accepted))
    it(`is stored and sent: ${name}`, async () => {
      expect(messageIssues({ id: 'm1', createdAt: new Date(), ...message })).toEqual([]);
      expect(await sends([message])).toBe(true);
    });
  it('base64Issue agrees with atob (base64url mapped) on any string of base64-ish characters (property)', () => {
    const char = fc.constantFrom(...'AZaz09+/-_=%. \n\t'.split(''), 'Q', 'w');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => {
        const s = chars.join('');
        let decodes = true;
        try {
          atob(s.replace(/-/g, '+').replace(/_/g, '/'));
        } catch {
          decodes = false;
        }
        expect(base64Issue(s) === undefined).toBe(decodes);
      }),
      { numRuns: 3000 },
    );
  });
  it('engram stores exactly the inline strings the AI SDK sends (property)', async () => {
    const char = fc.constantFrom(...'AQgw+/-_=%\n'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.array(char, { maxLength: 16 }), async (chars) => {
        const message = file({ type: 'data', data: chars.join('') });
        const ok = messageIssues({ id: 'm1', createdAt: new Date(), ...message }).length === 0;
        expect(ok).toBe(await sends([message]));
      }),
      { numRuns: 200 },
    );
  });
});
