/** Output checks of the context-assembly suite: split tool pairs, and equal `trimMessages` outputs. */

import type { BaseMessage } from '@langchain/core/messages';
import type { ModelMessage } from 'ai';
import { groupMessages } from '../../src/messages/units.ts';

/** Unanswered calls or unmatched results in a LangChain list. */
export function langChainSplits(messages: readonly BaseMessage[]): number {
  const open = new Set<string>();
  let bad = 0;
  for (const m of messages) {
    if (m.getType() === 'ai')
      for (const c of (m as { tool_calls?: { id?: string }[] }).tool_calls ?? []) open.add(c.id!);
    if (m.getType() === 'tool' && !open.delete((m as unknown as { tool_call_id: string }).tool_call_id))
      bad++;
  }
  return bad + open.size;
}

/** Units of an AI SDK list that are orphans or wait for results (a trailing in-flight turn is fine). */
export function unitSplits(messages: readonly ModelMessage[]): number {
  const units = groupMessages(messages);
  return units.filter((u, i) => u.kind === 'orphan' || (u.pending.size > 0 && i < units.length - 1)).length;
}

const sameContent = (a: BaseMessage, b: BaseMessage) =>
  a.content === b.content || JSON.stringify(a.content) === JSON.stringify(b.content);

/**
 * Throws unless two `trimMessages` outputs are the same message list: equal length, and at every position the
 * same id, type and content (`actualName` and `expectedName` say which contenders returned them).
 */
export function assertSameTrim(
  expected: readonly BaseMessage[],
  actual: readonly BaseMessage[],
  where: string,
  actualName: string,
  expectedName: string,
): void {
  const differs = (i: number) => {
    const a = expected[i]!;
    const b = actual[i]!;
    return a.id !== b.id || a.getType() !== b.getType() || !sameContent(a, b);
  };
  const lengths = expected.length === actual.length;
  const at = lengths ? expected.findIndex((_, i) => differs(i)) : -1;
  if (lengths && at === -1) return;
  throw new Error(
    `context-assembly: trimMessages with ${actualName} differs from ${expectedName} ${where}: ${
      lengths
        ? `message ${at} is ${actual[at]!.id} instead of ${expected[at]!.id}`
        : `${actual.length} messages instead of ${expected.length}`
    }`,
  );
}

/** Throws unless the engram contenders' windows hold the same number of messages and tokens. */
export function assertSameWindows(windows: readonly { messages: number; tokens: number }[], where: string) {
  const [first, ...rest] = windows;
  if (!first) return;
  for (const w of rest)
    if (w.messages !== first.messages || w.tokens !== first.tokens)
      throw new Error(
        `context-assembly: engram windows differ between stores ${where}: ${w.messages} messages / ${w.tokens} tokens vs ${first.messages} / ${first.tokens}`,
      );
}
