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
  /** A summary the view sends as instructions (`summaryRole: 'instructions'`), '' when none. */
  viewInstructions: string;
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
  /** The id of each history message (undefined for the recall block). */
  historyIds: readonly (string | undefined)[];
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
  // The system prompt is counted whole, then split: instructions, the view's summary, pinned memory.
  const layers: { source: AssemblyItem['source']; text: string; why: string }[] = [
    { source: 'instructions', text: input.instructions ?? '', why: "the agent's instructions" },
    { source: 'summary', text: input.viewInstructions, why: "the view's summary, sent in the instructions" },
    {
      source: 'working-memory',
      text: input.pinnedInUser ? '' : input.pinned,
      why: 'working memory and core blocks, after the instructions',
    },
  ];
  let sofar = '';
  let counted = 0;
  for (const layer of layers) {
    if (layer.text === '') continue;
    sofar = sofar === '' ? layer.text : `${sofar}\n\n${layer.text}`;
    const whole = countOf({ role: 'system', content: sofar });
    items.push({
      source: layer.source,
      tokens: whole - counted,
      why: layer.why,
      role: 'system',
      ...(layer.source === 'instructions' ? {} : { preview: layer.text.slice(0, 160) }),
      sent: layer.text,
    });
    counted = whole;
  }
  const tools = await toolDefinitions(counter, input.tools);
  if (tools.tokens > 0)
    items.push({
      source: 'tools',
      tokens: tools.tokens,
      why: `${Object.keys(input.tools).length} tool definitions (name, description, input schema as JSON)`,
      sent: tools.text,
    });
  if (input.pinnedInUser && input.pinned !== '') {
    const block: ModelMessage = { role: 'user', content: input.pinned };
    items.push({
      source: 'working-memory',
      tokens: countOf(block),
      why: 'working memory and core blocks, as a leading user message',
      role: 'user',
      preview: input.pinned.slice(0, 160),
      sent: input.pinned,
    });
  }
  const viewItems = input.view?.items ?? [];
  // History messages are paired with the view's items by message id; what the view sent and the agent did not
  // (system messages of the log, another agent's tool results) is `not-sent`.
  const byId = new Map<string, AssemblyItem>();
  for (const item of viewItems) if (item.messageId !== undefined) byId.set(item.messageId, item);
  const used = new Set<AssemblyItem>();
  input.history.forEach((message, i) => {
    const id = input.historyIds[i];
    if (
      id === undefined &&
      input.recall !== '' &&
      message.role === 'user' &&
      message.content === input.recall
    ) {
      items.push({
        source: 'long-term',
        tokens: countOf(message),
        why: 'recalled from long-term memory for this run, before its prompt',
        role: 'user',
        preview: input.recall.slice(0, 160),
        sent: input.recall,
      });
      return;
    }
    const sent = countOf(message);
    const item = id === undefined ? undefined : byId.get(id);
    if (item) {
      used.add(item);
      items.push(
        item.tokens === sent && item.role === message.role
          ? item
          : {
              ...item,
              role: message.role,
              tokens: sent,
              why: `${item.why}; as sent by the agent (another agent's message, attributed): ${sent} tokens`,
            },
      );
    } else
      items.push({
        source: message.role === 'tool' ? 'tool-result' : 'message',
        tokens: sent,
        why: 'in memory (the memory does not say how it chose its messages)',
        role: message.role,
        ...(id === undefined ? {} : { messageId: id }),
      });
  });
  for (const item of viewItems) {
    if (used.has(item)) continue;
    dropped.push({
      rule: 'not-sent',
      why:
        item.role === 'system'
          ? "a system message of the log: the agent's instructions take its place"
          : "left out by the agent: another agent's tool result (its call reached this agent as text)",
      messages: 1,
      tokens: item.tokens,
      ...(item.fromSeq === undefined ? {} : { fromSeq: item.fromSeq, toSeq: item.toSeq ?? item.fromSeq }),
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

/** The tool definitions of a tool set: one JSON object per line, and their tokens by encoding. */
interface ToolDefinitions {
  text: string;
  lines: readonly string[];
  tokens: Map<string, number>;
}

const toolCache = new WeakMap<ToolSet, ToolDefinitions>();

/**
 * The tool definitions as a provider receives them: name, description and JSON schema of each, one JSON object
 * per line, and their tokens (the definitions counted one by one; cached per tool set and encoding).
 */
async function toolDefinitions(
  counter: TokenCounter,
  tools: ToolSet,
): Promise<{ text: string; tokens: number }> {
  let defs = toolCache.get(tools);
  if (!defs) {
    const lines: string[] = [];
    for (const [name, tool] of Object.entries(tools)) {
      const t = tool as { description?: string; inputSchema?: unknown };
      const schema = t.inputSchema === undefined ? {} : await asSchema(t.inputSchema as never).jsonSchema;
      lines.push(JSON.stringify({ name, description: t.description ?? '', parameters: schema }));
    }
    defs = { text: lines.join('\n'), lines, tokens: new Map() };
    toolCache.set(tools, defs);
  }
  let tokens = defs.tokens.get(counter.encoding);
  if (tokens === undefined) {
    tokens = 0;
    for (const line of defs.lines) tokens += counter.countText(line);
    defs.tokens.set(counter.encoding, tokens);
  }
  return { text: defs.text, tokens };
}
