/** Test rig: tool results answering no call of their step (strays), put into generated logs. Test-only. */
import type { ModelMessage } from 'ai';
import fc from 'fast-check';

/** Where a stray result goes, and what it answers. */
export type StrayArb = {
  /** Where in the log (modulo its length + 1). */
  at: number;
  /** A message of its own, or beside the results of an existing tool message. */
  own: boolean;
  /** A call never made, or (when the log has one) a call made and answered already. */
  answered: boolean;
};

/** Where a stray result goes: a message of its own, or beside the results of an existing tool message. */
export const arbStray: fc.Arbitrary<StrayArb> = fc.record({
  at: fc.nat(400),
  own: fc.boolean(),
  answered: fc.boolean(),
});

/** A `web_fetch` tool result part answering `id` with `text`. */
export const toolResult = (id: string, text: string) => ({
  type: 'tool-result' as const,
  toolCallId: id,
  toolName: 'web_fetch',
  output: { type: 'text' as const, value: text },
});

/** The log with stray results put in (each answering a call never made, or one a result before it answered). */
export function withStrays(log: readonly ModelMessage[], strays: readonly StrayArb[]): ModelMessage[] {
  const out = log.map((m) => m);
  strays.forEach((s, k) => {
    const at = s.at % (out.length + 1);
    const answeredBefore = out
      .slice(0, at)
      .flatMap((m) =>
        m.role === 'tool' ? m.content.flatMap((p) => (p.type === 'tool-result' ? [p.toolCallId] : [])) : [],
      );
    const id =
      s.answered && answeredBefore.length > 0 ? answeredBefore[k % answeredBefore.length]! : `ghost_${k}`;
    const part = toolResult(id, `stray ${k}`);
    const host = s.own ? undefined : out.slice(at).findIndex((m) => m.role === 'tool');
    // A message never holds two results of one id (the store refuses it): such a stray gets its own message.
    const repeats =
      host !== undefined &&
      host !== -1 &&
      (out[at + host]!.content as { toolCallId?: string }[]).some((p) => p.toolCallId === id);
    if (host === undefined || host === -1 || repeats) out.splice(at, 0, { role: 'tool', content: [part] });
    else {
      const m = out[at + host] as Extract<ModelMessage, { role: 'tool' }>;
      out[at + host] = { ...m, content: [...m.content, part] };
    }
  });
  return out;
}
