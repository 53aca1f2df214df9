import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { messageText } from '../../messages/serialize.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { type AssemblyPart, buildAssembly, citedPart, entryParts } from './build-assembly.ts';

const counter = createEstimateTokenCounter();
const at = new Date(0);
const message = (id: string, content: string): MemoryMessage => ({
  id,
  role: 'user',
  content,
  createdAt: at,
});
const entry = (seq: number, content: string): LogEntry => ({
  seq,
  message: message(`m${seq}`, content),
  tokens: counter.countText(content),
});

describe('buildAssembly: what was sent, whole', () => {
  it('keeps the whole text of parts that are not a log message as stored, and none for those that are', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 400 }), fc.constantFrom('as-stored', 'summary', 'cited')), {
          maxLength: 12,
        }),
        (specs) => {
          const parts: AssemblyPart[] = specs.map(([text, kind], i) => {
            const e = entry(i + 1, `original ${i}: ${text}`);
            if (kind === 'as-stored') return entryParts([e], () => 'kept')[0]!;
            if (kind === 'summary')
              return { message: message(`s${i}`, text), tokens: counter.countText(text), why: 'summary' };
            return citedPart(message(e.message.id, `cited ${i}`), 3, e);
          });
          const { items } = buildAssembly({ view: 'test', counter, parts });
          items.forEach((item, i) => {
            const part = parts[i]!;
            if (part.entry && part.message === part.entry.message) expect(item.sent).toBeUndefined();
            else expect(item.sent).toBe(messageText(part.message));
            if (!part.entry) expect(item.preview).toBe(messageText(part.message).slice(0, 160));
          });
        },
      ),
    );
  });
});
