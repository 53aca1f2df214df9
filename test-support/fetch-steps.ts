import type { ModelMessage } from 'ai';

/**
 * Agent steps of a research session: for each `i` from `from` to `from + n - 1`, a `web_fetch` call (id `c<i>`),
 * its text result `result(i)`, and a reply `step <i>`.
 */
export function fetchSteps(n: number, result: (i: number) => string, from = 0): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (let i = from; i < from + n; i++) {
    const toolCallId = `c${i}`;
    out.push({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName: 'web_fetch', input: {} }],
    });
    out.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId,
          toolName: 'web_fetch',
          output: { type: 'text', value: result(i) },
        },
      ],
    });
    out.push({ role: 'assistant', content: `step ${i}` });
  }
  return out;
}
