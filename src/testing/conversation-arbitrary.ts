/**
 * fast-check arbitraries of realistic AI SDK v7 conversations, shaped like what a real `generateText` /
 * `streamText` run stores: user turns, assistant steps with 0–3 parallel tool calls, results in one or several
 * tool messages, tool approvals (a `tool-approval-request` beside its call, a `tool-approval-response` in a
 * tool message, then the result, or `execution-denied`), reasoning parts and reasoning-only assistant
 * messages, system messages between turns, and sometimes a trailing in-flight step. Test-only.
 */
import type { AssistantModelMessage, ModelMessage, ToolModelMessage } from 'ai';
import fc from 'fast-check';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';

/** Tool names the conversations use (tests define these tools). */
export const toolNames = ['search', 'weather', 'calc', 'fetch'] as const;

const words = [
  'alpha',
  'tokyo',
  'weather',
  'the',
  'report',
  'is',
  'sunny',
  'budget',
  '42',
  'plan',
  'list',
  'ok',
];
/** Text of 1–`max` words. */
const arbWords = (max: number) =>
  fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: max }).map((w) => w.join(' '));

interface CallSpec {
  tool: (typeof toolNames)[number];
  approval: 'none' | 'approved' | 'denied';
  result: string;
}
interface StepSpec {
  reasoningOnly: boolean;
  reasoning: boolean;
  text: string | undefined;
  calls: CallSpec[];
  split: boolean;
  approvalsApart: boolean;
}
type TurnSpec =
  | { kind: 'system'; text: string }
  | { kind: 'user'; text: string; parts: boolean }
  | { kind: 'assistant'; steps: StepSpec[]; final: string | undefined };

const arbCall: fc.Arbitrary<CallSpec> = fc.record({
  tool: fc.constantFrom(...toolNames),
  approval: fc.constantFrom('none', 'none', 'none', 'approved', 'denied'),
  // Now and then a large result (a fetched page), the case token windows must truncate.
  result: fc.tuple(arbWords(120), fc.nat(9)).map(([w, n]) => (n === 0 ? `${w} `.repeat(30).trim() : w)),
});
const arbStep: fc.Arbitrary<StepSpec> = fc.record({
  reasoningOnly: fc.nat(9).map((n) => n < 3),
  reasoning: fc.boolean(),
  text: fc.option(arbWords(30), { nil: undefined }),
  calls: fc.array(arbCall, { minLength: 0, maxLength: 3 }),
  split: fc.boolean(),
  approvalsApart: fc.boolean(),
});
const arbTurn: fc.Arbitrary<TurnSpec> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('system' as const), text: arbWords(20) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('user' as const), text: arbWords(40), parts: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('assistant' as const),
      steps: fc.array(arbStep, { minLength: 1, maxLength: 3 }),
      final: fc.option(arbWords(40), { nil: undefined }),
    }),
  },
);

/** Options of {@link arbConversation}. */
export interface ConversationArbitraryOptions {
  /** At most this many turns. @default 14 */
  maxTurns?: number;
  /** Whether a trailing in-flight step (calls without all results) may end the conversation. @default true */
  inFlight?: boolean;
}

/** A realistic conversation (see the module comment). */
export function arbConversation(options: ConversationArbitraryOptions = {}): fc.Arbitrary<ModelMessage[]> {
  checkOptions(options, 'arbConversation', 'testing');
  checkKnownKeys(options, { maxTurns: true, inFlight: true }, 'arbConversation', 'testing');
  return fc
    .record({
      turns: fc.array(arbTurn, { minLength: 1, maxLength: options.maxTurns ?? 14 }),
      tail:
        options.inFlight === false
          ? fc.constant(undefined)
          : fc.option(fc.tuple(arbStep, fc.nat(3)), { freq: 4, nil: undefined }),
    })
    .map(({ turns, tail }) => build(turns, tail));
}

function build(turns: TurnSpec[], tail: [StepSpec, number] | undefined): ModelMessage[] {
  const out: ModelMessage[] = [];
  let next = 0;
  const step = (s: StepSpec, answered: number) => {
    if (s.reasoningOnly)
      out.push({ role: 'assistant', content: [{ type: 'reasoning', text: 'thinking it over' }] });
    const content: Exclude<AssistantModelMessage['content'], string> = [];
    if (s.reasoning) content.push({ type: 'reasoning', text: 'let me check' });
    if (s.text) content.push({ type: 'text', text: s.text });
    const ids = s.calls.map(() => `call_${++next}`);
    s.calls.forEach((c, i) => {
      content.push({
        type: 'tool-call',
        toolCallId: ids[i]!,
        toolName: c.tool,
        input: { q: c.result.slice(0, 12) },
      });
      if (c.approval !== 'none')
        content.push({ type: 'tool-approval-request', approvalId: `appr_${ids[i]}`, toolCallId: ids[i]! });
    });
    if (content.length === 0) content.push({ type: 'text', text: 'ok' });
    out.push({ role: 'assistant', content });
    const tools: ToolModelMessage[] = [];
    const approvals: ToolModelMessage['content'] = [];
    const results: ToolModelMessage['content'] = [];
    s.calls.slice(0, answered).forEach((c, i) => {
      if (c.approval !== 'none') {
        approvals.push({
          type: 'tool-approval-response',
          approvalId: `appr_${ids[i]}`,
          approved: c.approval === 'approved',
        });
      }
      results.push({
        type: 'tool-result',
        toolCallId: ids[i]!,
        toolName: c.tool,
        output: c.approval === 'denied' ? { type: 'execution-denied' } : { type: 'text', value: c.result },
      });
    });
    if (approvals.length > 0 && s.approvalsApart) tools.push({ role: 'tool', content: approvals });
    const all = approvals.length > 0 && !s.approvalsApart ? [...approvals, ...results] : results;
    if (s.split) for (const part of all) tools.push({ role: 'tool', content: [part] });
    else if (all.length > 0) tools.push({ role: 'tool', content: all });
    out.push(...tools);
  };
  for (const t of turns) {
    if (t.kind === 'system') out.push({ role: 'system', content: t.text });
    else if (t.kind === 'user') {
      out.push({ role: 'user', content: t.parts ? [{ type: 'text', text: t.text }] : t.text });
    } else {
      for (const s of t.steps) step(s, s.calls.length);
      if (t.final) out.push({ role: 'assistant', content: [{ type: 'text', text: t.final }] });
    }
  }
  if (tail && tail[0].calls.length > 0) step(tail[0], Math.min(tail[1], tail[0].calls.length - 1));
  return out;
}
