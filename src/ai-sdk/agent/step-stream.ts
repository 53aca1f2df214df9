import type { LanguageModelUsage, StepResult, streamText, ToolSet } from 'ai';
import { errorReason } from '../../core/errors/error-reason.ts';
import type { AgentEvent } from './agent-types.ts';
import type { EventChannel } from './event-channel.ts';

/** How a step's stream ended: aborted, or with the first error it carried (undefined when none). */
export interface StreamEnd {
  aborted: boolean;
  failed: unknown;
}

/** Passes a step's stream on as the run's events (text and reasoning deltas, tool calls, results and errors). */
export async function forwardStream(
  response: ReturnType<typeof streamText<ToolSet>>,
  step: number,
  channel: EventChannel<AgentEvent>,
): Promise<StreamEnd> {
  let failed: unknown;
  let aborted = false;
  for await (const part of response.fullStream) {
    switch (part.type) {
      case 'text-delta':
        channel.push({ type: 'text-delta', step, text: part.text });
        break;
      case 'reasoning-delta':
        channel.push({ type: 'reasoning-delta', step, text: part.text });
        break;
      case 'tool-call':
        channel.push({
          type: 'tool-call',
          step,
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
        });
        break;
      case 'tool-result':
        channel.push({
          type: 'tool-result',
          step,
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: part.output,
        });
        break;
      case 'tool-error':
        channel.push({
          type: 'tool-error',
          step,
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          error: errorReason(part.error),
        });
        break;
      case 'abort':
        aborted = true;
        break;
      case 'error':
        failed ??= part.error;
        break;
    }
  }
  return { aborted, failed };
}

/** The calls of a step that no tool answered (a tool without `execute`); undefined when every call was answered. */
export function unansweredCalls(
  done: StepResult<ToolSet> | undefined,
): { toolCallId: string; toolName: string; input: unknown }[] | undefined {
  const answered = new Set(
    (done?.content ?? []).flatMap((p) =>
      p.type === 'tool-result' || p.type === 'tool-error' ? [p.toolCallId] : [],
    ),
  );
  const unanswered = (done?.toolCalls ?? []).filter(
    (c) => !c.providerExecuted && !answered.has(c.toolCallId),
  );
  if (unanswered.length === 0) return undefined;
  return unanswered.map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, input: c.input }));
}

/** No tokens yet. */
export const emptyUsage = (): LanguageModelUsage =>
  ({
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
  }) as LanguageModelUsage;

/** Adds two usages field by field (numbers only; nested token details summed where both have them). */
export function addUsage(a: LanguageModelUsage, b: LanguageModelUsage | undefined): LanguageModelUsage {
  if (!b) return a;
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (typeof value === 'number') out[key] = (typeof mine === 'number' ? mine : 0) + value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const sub: Record<string, unknown> = { ...((mine as object) ?? {}) };
      for (const [k, v] of Object.entries(value))
        if (typeof v === 'number') sub[k] = (typeof sub[k] === 'number' ? (sub[k] as number) : 0) + v;
      out[key] = sub;
    }
  }
  return out as LanguageModelUsage;
}
