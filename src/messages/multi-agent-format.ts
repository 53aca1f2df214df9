/**
 * Seed 003's output processor: turns a multi-agent log into the roles one agent's model should see.
 * Its own messages stay as they are; other agents' messages become user messages prefixed with who sent them.
 */
import type { AssistantModelMessage, UserModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import type { MemoryMessage } from '../core/message.ts';
import { validateMessageInputs } from './validate.ts';

/** Options of `formatForModel`. */
export interface FormatForModelOptions {
  /** The agent whose model will read the messages; its own messages stay assistant messages. */
  self: string;
  /** How other agents' messages are attributed: `prefix` puts `[Request from X]: ` before their text. @default 'prefix' */
  style?: 'prefix';
}

type UserPart = Exclude<UserModelMessage['content'], string>[number];
type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

/** The attribution prefix of a message from another agent, e.g. `[Request from planner]: `. */
export function agentPrefix(agent: NonNullable<MemoryMessage['agent']>): string {
  const kind = agent.kind === 'call' ? 'Request' : agent.kind === 'response' ? 'Response' : 'Message';
  return `[${kind} from ${agent.from}]: `;
}

/**
 * Formats a multi-agent log for `self`'s model: messages without attribution or from `self` are unchanged; a user or
 * assistant message from another agent becomes a user message whose first text is prefixed with the attribution
 * (images and files kept; tool calls, reasoning, approvals and custom parts dropped, since a user turn cannot hold
 * them), and tool messages answering another agent's calls are dropped with those calls. Extras (id, name, agent, …)
 * are kept. An invalid message throws `InvalidMessageError` naming its index and field; bad options throw
 * `INVALID_ARGUMENT`.
 */
export function formatForModel(
  messages: readonly MemoryMessage[],
  options: FormatForModelOptions,
): MemoryMessage[] {
  validateMessageInputs(messages);
  checkOptions(options, 'formatForModel', 'messages');
  checkKnownKeys(options, { self: true, style: true }, 'formatForModel', 'messages');
  checkId(options.self, 'formatForModel(options): self', 'messages');
  if (options.style !== undefined && options.style !== 'prefix') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'messages',
      message: `formatForModel(options): style must be 'prefix', got ${describeValue(options.style)}`,
    });
  }
  const out: MemoryMessage[] = [];
  const foreignCalls = new Set<string>();
  for (const m of messages) {
    const agent = m.agent;
    if (m.role === 'tool') {
      const content = m.content.filter((p) => !(p.type === 'tool-result' && foreignCalls.has(p.toolCallId)));
      if (agent === undefined || agent.from === options.self) {
        if (content.length > 0) out.push(content.length === m.content.length ? m : { ...m, content });
      }
      continue;
    }
    if (agent === undefined || agent.from === options.self || m.role === 'system') {
      out.push(m);
      continue;
    }
    const prefix = agentPrefix(agent);
    if (typeof m.content === 'string') {
      out.push({ ...m, role: 'user', content: prefix + m.content } as MemoryMessage);
      continue;
    }
    const parts = (m.content as (UserPart | AssistantPart)[]).flatMap((p): UserPart[] => {
      if (p.type === 'tool-call') foreignCalls.add(p.toolCallId);
      return p.type === 'text' || p.type === 'file' || p.type === 'image' ? [p] : [];
    });
    const first = parts.findIndex((p) => p.type === 'text');
    if (first === -1) parts.unshift({ type: 'text', text: prefix.trimEnd() });
    else
      parts[first] = {
        ...(parts[first] as { type: 'text'; text: string }),
        text: prefix + (parts[first] as { text: string }).text,
      };
    out.push({ ...m, role: 'user', content: parts } as MemoryMessage);
  }
  return out;
}
