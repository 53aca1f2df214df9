import type { ModelMessage, ToolResultPart } from 'ai';
import type { MemoryMessage } from '../core/index.ts';
import { validateMessageInput } from '../messages/validate.ts';
import { type CountText, mediaTokens } from './media-tokens.ts';
import { type MessageCosts, ROLE_TOKENS } from './message-costs.ts';

type Part = Exclude<ModelMessage['content'], string>[number];
type ToolOutput = ToolResultPart['output'];
type ContentItem = Extract<ToolOutput, { type: 'content' }>['value'][number];

/** JSON text of a value as a provider would send it; `undefined` (no input) is empty. */
function jsonText(value: unknown): string {
  return value === undefined ? '' : (JSON.stringify(value) ?? '');
}

/** Tokens of one item of a `content` tool output: text is counted, images and files at their media cost. */
function contentItemTokens(item: ContentItem, countText: CountText, costs: Readonly<MessageCosts>): number {
  switch (item.type) {
    case 'text':
      return countText(item.text);
    case 'file':
    case 'file-data':
      return mediaTokens(item.mediaType, item.data, item.filename, countText, costs);
    case 'file-url':
      return mediaTokens(item.mediaType, undefined, undefined, countText, costs);
    case 'image-data':
    case 'image-url':
    case 'image-file-id':
    case 'image-file-reference':
      return costs.imageTokens;
    case 'file-id':
    case 'file-reference':
      return costs.fileTokens;
    default:
      return 0; // custom items carry no standard payload
  }
}

/** Tokens of a tool output: text as is, JSON as its serialization, a denial as its reason, content item by item. */
function toolOutputTokens(output: ToolOutput, countText: CountText, costs: Readonly<MessageCosts>): number {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return countText(output.value);
    case 'json':
    case 'error-json':
      return countText(jsonText(output.value));
    case 'execution-denied':
      return output.reason ? countText(output.reason) : 0;
    case 'content': {
      let total = 0;
      for (const item of output.value) total += contentItemTokens(item, countText, costs);
      return total;
    }
    default:
      return 0;
  }
}

/** Tokens of one content part of any role; unknown or custom parts cost 0. */
function partTokens(part: Part, countText: CountText, costs: Readonly<MessageCosts>): number {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return countText(part.text);
    case 'image':
      return costs.imageTokens;
    case 'file':
    case 'reasoning-file':
      return mediaTokens(
        part.mediaType,
        part.data,
        'filename' in part ? part.filename : undefined,
        countText,
        costs,
      );
    case 'tool-call':
      return countText(part.toolName) + countText(jsonText(part.input));
    case 'tool-result':
      return countText(part.toolName) + toolOutputTokens(part.output, countText, costs);
    case 'tool-approval-request':
    case 'tool-approval-response':
      return costs.approvalTokens + (part.reason ? countText(part.reason) : 0);
    default:
      return 0; // 'custom': provider-specific, no standard payload
  }
}

/** Tokens of the attribution: a `name` costs its text + `perName`; so does an `agent` (its `from` and `to`). */
function attributionTokens(
  message: Partial<MemoryMessage>,
  countText: CountText,
  costs: MessageCosts,
): number {
  let total = 0;
  // Counted whatever they hold: a name or sender that is no string fails `countText`, and the message is checked.
  if (message.name !== undefined && message.name !== '') total += countText(message.name) + costs.perName;
  const agent = message.agent;
  if (agent !== undefined) {
    total += countText(agent.from) + costs.perName + (agent.to ? countText(agent.to) : 0);
  }
  return total;
}

/**
 * Tokens of one message as a chat API bills it, shared by every counter: `perMessage` + one token for the
 * role + attribution + the content (a string, or each part by its type). Reply priming is per request and
 * not included (see `REPLY_PRIMING_TOKENS`).
 */
export function countMessageTokens(
  message: ModelMessage | MemoryMessage,
  countText: CountText,
  costs: Readonly<MessageCosts>,
): number {
  try {
    return countChecked(message, countText, costs);
  } catch (error) {
    // Not a message (content 42, a text part's text null, a BigInt in a tool call's input): the InvalidMessageError
    // naming the field, as `countPromptTokens` gives, instead of the raw TypeError (or the INVALID_ARGUMENT of
    // `countText`) it caused. Checked only here, so counting a valid message costs no validation.
    validateMessageInput(message, 'count(message)');
    throw error;
  }
}

function countChecked(
  message: ModelMessage | MemoryMessage,
  countText: CountText,
  costs: Readonly<MessageCosts>,
): number {
  let total = costs.perMessage + ROLE_TOKENS + attributionTokens(message, countText, costs);
  const content = message.content;
  if (typeof content === 'string') return total + countText(content);
  for (const part of content) total += partTokens(part, countText, costs);
  return total;
}
