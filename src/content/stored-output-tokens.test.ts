import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { longestResultPart, storedOutputTokens } from './stored-output-tokens.ts';

type ToolPart = Extract<Exclude<MemoryMessage['content'], string>[number], { type: 'tool-result' }>;

const counters = [
  ['o200k_base', createTokenCounter({ encoding: 'o200k_base' })],
  ['cl100k_base', createTokenCounter({ encoding: 'cl100k_base' })],
  ['estimate', createTokenCounter()],
] as const;

const text = fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 200 }));
const output: fc.Arbitrary<ToolPart['output']> = fc.oneof(
  fc.record({ type: fc.constantFrom('text' as const, 'error-text' as const), value: text }),
  fc.record({
    type: fc.constantFrom('json' as const, 'error-json' as const),
    value: fc.jsonValue({ maxDepth: 3 }).map((v) => v as JSONValue),
  }),
);
const resultPart: fc.Arbitrary<ToolPart> = fc
  .record({
    toolName: fc.stringMatching(/^[a-z][a-z_]{0,20}$/),
    toolCallId: fc.string({ minLength: 1, maxLength: 12 }),
    output,
  })
  .map(({ toolName, toolCallId, output }) => ({ type: 'tool-result', toolCallId, toolName, output }));
/** A tool message of `minLength` to `maxLength` results. */
const toolMessage = (minLength: number, maxLength: number) =>
  fc
    .record({
      parts: fc.array(resultPart, { minLength, maxLength }),
      name: fc.option(fc.stringMatching(/^[a-z]{1,10}$/), { nil: undefined }),
    })
    .map(({ parts, name }) => {
      const message = {
        id: 'm1',
        role: 'tool',
        content: parts,
        createdAt: new Date(0),
        ...(name === undefined ? {} : { name }),
      } as MemoryMessage;
      return { parts, message };
    });

describe('storedOutputTokens', () => {
  for (const [name, counter] of counters)
    it(`${name}: property: a message of one result, counted whole, gives its output's count exactly`, () =>
      fc.assert(
        fc.property(toolMessage(1, 1), ({ parts: [part], message }) => {
          const entry: LogEntry = { seq: 1, message, tokens: counter.count(message) };
          expect(storedOutputTokens(entry, part!, counter)).toBe(
            counter.countText(toolOutputText(part!.output)),
          );
        }),
        { numRuns: 300 },
      ));

  for (const [name, counter] of counters)
    it(`${name}: property: any result of a message of several, counted whole, gives that output's count exactly; the longest is the first of the longest`, () =>
      fc.assert(
        fc.property(toolMessage(2, 4), ({ parts, message }) => {
          const entry: LogEntry = { seq: 1, message, tokens: counter.count(message) };
          for (const part of parts)
            expect(storedOutputTokens(entry, part, counter)).toBe(
              counter.countText(toolOutputText(part.output)),
            );
          const lengths = parts.map((p) => toolOutputText(p.output).length);
          expect(longestResultPart(message)).toBe(parts[lengths.indexOf(Math.max(...lengths))]);
        }),
        { numRuns: 200 },
      ));

  it('undefined for a part not of the message, or a stored count below what its other parts cost', () => {
    const counter = counters[0][1];
    const part: ToolPart = {
      type: 'tool-result',
      toolCallId: 'c1',
      toolName: 'fetch_page',
      output: { type: 'text', value: 'a page' },
    };
    const other: ToolPart = { ...part, toolCallId: 'c2' };
    const one = { id: 'm', role: 'tool', content: [part], createdAt: new Date(0) } as MemoryMessage;
    expect(storedOutputTokens({ seq: 1, message: one, tokens: counter.count(one) }, other, counter)).toBe(
      undefined,
    );
    expect(storedOutputTokens({ seq: 1, message: one, tokens: 1 }, part, counter)).toBe(undefined);
    expect(longestResultPart({ ...one, role: 'user', content: 'hello' } as MemoryMessage)).toBe(undefined);
  });
});
