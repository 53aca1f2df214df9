/**
 * What the peers of the benchmarks need: AI SDK v7 messages converted to LangChain messages, and
 * gpt-tokenizer (o200k_base) counts of LangChain and AI SDK messages, written as a user of each would.
 */

import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { ModelMessage, ToolResultPart } from 'ai';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

const plain = { disallowedSpecial: new Set<string>() };
const count = (text: string) => (text ? countTokens(text, plain) : 0);

function outputText(output: ToolResultPart['output']): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
    case 'content':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return `Execution denied${output.reason ? `: ${output.reason}` : ''}`;
  }
}

/**
 * Converts one AI SDK message to LangChain messages (a tool message becomes one ToolMessage per result).
 * Reasoning becomes a `reasoning` content block; approval requests and responses have no LangChain message
 * equivalent (LangChain approves through graph interrupts) and are dropped — the denied result is kept.
 */
export function toLangChain(message: ModelMessage, id: string): BaseMessage[] {
  if (message.role === 'system') return [new SystemMessage({ id, content: message.content })];
  if (message.role === 'user') {
    const text =
      typeof message.content === 'string'
        ? message.content
        : message.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return [new HumanMessage({ id, content: text })];
  }
  if (message.role === 'assistant') {
    if (typeof message.content === 'string') return [new AIMessage({ id, content: message.content })];
    const blocks: ({ type: 'text'; text: string } | { type: 'reasoning'; reasoning: string })[] = [];
    const toolCalls: { id: string; name: string; args: Record<string, unknown>; type: 'tool_call' }[] = [];
    for (const p of message.content) {
      if (p.type === 'text') blocks.push({ type: 'text', text: p.text });
      else if (p.type === 'reasoning') blocks.push({ type: 'reasoning', reasoning: p.text });
      else if (p.type === 'tool-call') {
        toolCalls.push({
          id: p.toolCallId,
          name: p.toolName,
          args: p.input as Record<string, unknown>,
          type: 'tool_call',
        });
      }
    }
    return [new AIMessage({ id, content: blocks, tool_calls: toolCalls })];
  }
  const out: BaseMessage[] = [];
  message.content.forEach((p, k) => {
    if (p.type !== 'tool-result') return;
    out.push(
      new ToolMessage({
        id: `${id}.${k}`,
        tool_call_id: p.toolCallId,
        name: p.toolName,
        content: outputText(p.output),
        status:
          p.output.type === 'execution-denied' || p.output.type.startsWith('error') ? 'error' : 'success',
      }),
    );
  });
  return out;
}

/** o200k tokens of a LangChain message: its text and reasoning blocks, plus its tool calls' names and arguments. */
export function countLangChainMessage(message: BaseMessage): number {
  let total = 0;
  const content = message.content;
  if (typeof content === 'string') total += count(content);
  else {
    for (const block of content as { type: string; text?: string; reasoning?: string }[]) {
      total += count(block.text ?? block.reasoning ?? '');
    }
  }
  const calls = (message as AIMessage).tool_calls;
  if (calls) for (const c of calls) total += count(c.name) + count(JSON.stringify(c.args));
  return total;
}

/** o200k tokens of AI SDK messages: text and reasoning, tool-call inputs and tool outputs (as JSON or text). */
export function countModelMessages(messages: readonly ModelMessage[]): number {
  let total = 0;
  for (const m of messages) {
    if (typeof m.content === 'string') {
      total += count(m.content);
      continue;
    }
    for (const p of m.content) {
      if (p.type === 'text' || p.type === 'reasoning') total += count(p.text);
      else if (p.type === 'tool-call') total += count(p.toolName) + count(JSON.stringify(p.input));
      else if (p.type === 'tool-result') total += count(p.toolName) + count(outputText(p.output));
    }
  }
  return total;
}
