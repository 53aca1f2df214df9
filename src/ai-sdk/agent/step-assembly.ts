import { asSchema, type ModelMessage, type ToolSet } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import type { AssemblyItem, ContextAssembly, DroppedItems } from '../../views/assembly/context-assembly.ts';

/** What one agent step sent, as {@link stepAssembly} takes it. */
export interface StepAssemblyInput {
  /** The agent's counter (o200k_base). */
  counter: TokenCounter;
  /** Counts a sent message (the agent's cached count). */
  countOf: (message: ModelMessage) => number;
  /** The agent's own instructions. */
  instructions: string | undefined;
  /** Working memory and core blocks as rendered this step ('' when none). */
  pinned: string;
  /** Whether the pinned block went as a leading user message (else after the instructions). */
  pinnedInUser: boolean;
  /** The recalled long-term block ('' when none). */
  recall: string;
  /** The tools offered to the model. */
  tools: ToolSet;
  /** The memory's messages as the model got them (recall block included, pinned user block not). */
  history: readonly ModelMessage[];
  /** What the memory's view said it assembled, when it can say. */
  view: ContextAssembly | undefined;
}

/**
 * The assembly of one agent step: the instructions (as a system message) and pinned memory, the tool
 * definitions, then the history in prompt order — the recall block as `long-term`, every other message with the
 * source, reason and count its view gave (counted again as sent when the agent changed it, e.g. attributed
 * another agent's message). The view's system messages, which the agent does not send, are `not-sent`. Without a
 * view assembly each message is a `message` / `tool-result` counted as sent.
 */
export async function stepAssembly(input: StepAssemblyInput): Promise<ContextAssembly> {
  const { counter, countOf } = input;
  const items: AssemblyItem[] = [];
  const dropped: DroppedItems[] = [...(input.view?.dropped ?? [])];
  const system = [input.instructions, input.pinnedInUser ? '' : input.pinned]
    .filter((x): x is string => x !== undefined && x !== '')
    .join('\n\n');
  if (system !== '') {
    const whole = counter.count({ role: 'system', content: system });
    const own = input.instructions ? counter.count({ role: 'system', content: input.instructions }) : 0;
    if (own > 0)
      items.push({ source: 'instructions', tokens: own, why: "the agent's instructions", role: 'system' });
    if (whole - own > 0)
      items.push({
        source: 'working-memory',
        tokens: whole - own,
        why: 'working memory and core blocks, after the instructions',
        role: 'system',
        preview: input.pinned.slice(0, 160),
      });
  }
  const toolTokens = await toolDefinitionTokens(counter, input.tools);
  if (toolTokens > 0)
    items.push({
      source: 'tools',
      tokens: toolTokens,
      why: `${Object.keys(input.tools).length} tool definitions (name, description, input schema as JSON)`,
    });
  if (input.pinnedInUser && input.pinned !== '') {
    const block: ModelMessage = { role: 'user', content: input.pinned };
    items.push({
      source: 'working-memory',
      tokens: countOf(block),
      why: 'working memory and core blocks, as a leading user message',
      role: 'user',
      preview: input.pinned.slice(0, 160),
    });
  }
  const viewItems = input.view?.items ?? [];
  for (const item of viewItems)
    if (item.role === 'system')
      dropped.push({
        rule: 'not-sent',
        why: "a system message of the log: the agent's instructions take its place",
        messages: 1,
        tokens: item.tokens,
        ...(item.fromSeq === undefined ? {} : { fromSeq: item.fromSeq, toSeq: item.toSeq ?? item.fromSeq }),
      });
  const sendable = viewItems.filter((i) => i.role !== 'system');
  const matches =
    input.view !== undefined && sendable.length === input.history.length - (input.recall ? 1 : 0);
  let next = 0;
  for (const message of input.history) {
    if (input.recall !== '' && message.role === 'user' && message.content === input.recall) {
      items.push({
        source: 'long-term',
        tokens: countOf(message),
        why: 'recalled from long-term memory for this run, before its prompt',
        role: 'user',
        preview: input.recall.slice(0, 160),
      });
      continue;
    }
    const sent = countOf(message);
    const item = matches ? sendable[next++] : undefined;
    if (item)
      items.push(
        item.tokens === sent
          ? item
          : { ...item, tokens: sent, why: `${item.why}; as sent by the agent (attributed): ${sent} tokens` },
      );
    else
      items.push({
        source: message.role === 'tool' ? 'tool-result' : 'message',
        tokens: sent,
        why: 'in memory (the memory does not say how it chose its messages)',
        role: message.role,
      });
  }
  let tokens = 0;
  for (const item of items) tokens += item.tokens;
  return {
    view: input.view ? `agent/${input.view.view}` : 'agent/memory',
    counter: { encoding: counter.encoding, exact: counter.encoding !== 'estimate' },
    ...(input.view?.budget === undefined ? {} : { budget: input.view.budget }),
    tokens,
    items,
    dropped,
  };
}

const toolTokenCache = new WeakMap<ToolSet, Map<string, number>>();

/** Tokens of the tool definitions as a provider receives them: name, description and JSON schema of each (cached per tool set). */
async function toolDefinitionTokens(counter: TokenCounter, tools: ToolSet): Promise<number> {
  let byEncoding = toolTokenCache.get(tools);
  const cached = byEncoding?.get(counter.encoding);
  if (cached !== undefined) return cached;
  let total = 0;
  for (const [name, tool] of Object.entries(tools)) {
    const t = tool as { description?: string; inputSchema?: unknown };
    const schema = t.inputSchema === undefined ? {} : await asSchema(t.inputSchema as never).jsonSchema;
    total += counter.countText(
      JSON.stringify({ name, description: t.description ?? '', parameters: schema }),
    );
  }
  if (!byEncoding) {
    byEncoding = new Map();
    toolTokenCache.set(tools, byEncoding);
  }
  byEncoding.set(counter.encoding, total);
  return total;
}
