import type { ModelMessage } from 'ai';
import fc from 'fast-check';

/**
 * A step of an agent run: maybe a user message, then either an assistant text of `size` words or tool calls whose
 * results (of `size` words each) come after `late` exchanges of the user and the assistant (one unit in the whole
 * log: a late result), maybe a reply.
 */
export const arbRunStep = (maxSize: number) =>
  fc.record({
    user: fc.boolean(),
    calls: fc.integer({ min: 0, max: 2 }),
    late: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 4 })),
    size: fc.integer({ min: 1, max: maxSize }),
    reply: fc.boolean(),
  });

/** A step drawn by {@link arbRunStep}. */
export type RunStep = typeof arbRunStep extends (n: number) => fc.Arbitrary<infer S> ? S : never;

/** The messages of a run of steps, as an agent loop (and its user, meanwhile) would store them. */
export function runMessages(steps: readonly RunStep[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  let n = 0;
  for (const step of steps) {
    if (step.user) out.push({ role: 'user', content: `question ${n}` });
    const ids = Array.from({ length: step.calls }, () => `call_${++n}`);
    if (ids.length === 0) {
      out.push({ role: 'assistant', content: `thinking ${n++} ${'word '.repeat(step.size)}` });
      continue;
    }
    out.push({
      role: 'assistant',
      content: ids.map((toolCallId) => ({ type: 'tool-call', toolCallId, toolName: 'search', input: {} })),
    });
    for (let k = 0; k < step.late; k++)
      out.push({ role: 'user', content: 'still there?' }, { role: 'assistant', content: 'waiting' });
    out.push({
      role: 'tool',
      content: ids.map((toolCallId) => ({
        type: 'tool-result' as const,
        toolCallId,
        toolName: 'search',
        output: { type: 'text' as const, value: 'word '.repeat(step.size) },
      })),
    });
    if (step.reply) out.push({ role: 'assistant', content: 'done' });
  }
  return out;
}
