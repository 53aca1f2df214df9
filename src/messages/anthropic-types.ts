/** An Anthropic image or document source. */
export type AnthropicSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'text'; media_type: 'text/plain'; data: string }
  | { type: 'file'; file_id: string };
/** An Anthropic content block (the subset engram reads and writes). */
export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: AnthropicSource }
  | { type: 'document'; source: AnthropicSource; title?: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content?: string | AnthropicBlock[]; is_error?: boolean };
/** An Anthropic message. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}
/** The `system` and `messages` of an Anthropic Messages request. */
export interface AnthropicRequest {
  system?: string;
  messages: AnthropicMessage[];
}
