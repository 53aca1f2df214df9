// TEMPORARY until engram's chat API (createChatStore, createChatHandler) lands: chats kept in process memory.
import { convertToModelMessages, type LanguageModel, stepCountIs, streamText, type UIMessage } from 'ai';
import { fetchReport } from './report-tool.ts';

export function temporaryChatRoute(model: LanguageModel) {
  const chats = new Map<string, UIMessage[]>();
  return {
    load: async (id: string) => chats.get(id) ?? [],
    handle: async (request: Request) => {
      const body = (await request.json()) as { id: string; message: UIMessage };
      const messages = [...(chats.get(body.id) ?? []), body.message];
      chats.set(body.id, messages);
      const result = streamText({
        model,
        messages: await convertToModelMessages(messages),
        tools: { fetch_report: fetchReport },
        stopWhen: stepCountIs(5),
        abortSignal: request.signal,
      });
      return result.toUIMessageStreamResponse({
        originalMessages: messages,
        onFinish: ({ messages: all }) => {
          chats.set(body.id, all);
        },
      });
    },
  };
}
