import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/**
 * A LangChain chat model whose reply is a function of the messages it is sent: no key, no network, and what it
 * answers shows what memory put in front of it. A reply is text or an `AIMessage` (tool calls included); each
 * call returns a new message object, as a real model does.
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly #reply: (messages: BaseMessage[]) => string | AIMessage;

  constructor(reply: (messages: BaseMessage[]) => string | AIMessage) {
    super({});
    this.#reply = reply;
  }

  _llmType(): string {
    return 'scripted';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const reply = this.#reply(messages);
    const message =
      typeof reply === 'string'
        ? new AIMessage(reply)
        : new AIMessage({ content: reply.content, tool_calls: reply.tool_calls ?? [] });
    return { generations: [{ text: String(message.content), message }] };
  }
}
