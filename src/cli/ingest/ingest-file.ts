import type { ModelMessage } from 'ai';
import { errorReason } from '../../core/errors/error-reason.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { toMemoryMessages } from '../../messages/from-model-message.ts';
import { validateMessage } from '../../messages/validate.ts';
import { BadInputError } from '../bad-input-error.ts';
import { parseSessionJsonl } from '../session-jsonl.ts';
import { parseAiSdk } from './ai-sdk.ts';
import { parseAnthropic } from './anthropic.ts';
import { parseJson } from './json-input.ts';
import { type LocomoConversation, parseLocomo } from './locomo.ts';
import { parseOpenAIChat } from './openai-chat.ts';
import type { IngestSession } from './write-sessions.ts';

/** The file formats `engram ingest` reads. */
export const ingestFormats = ['locomo', 'openai-chat', 'anthropic', 'ai-sdk', 'jsonl'] as const;

/** One of {@link ingestFormats}. */
export type IngestFormat = (typeof ingestFormats)[number];

/**
 * Reads a whole file into the sessions it holds, checking every message before anything is written (errors name
 * the line or JSON path). `session` is the id (a prefix `<session>-<sample_id>` for a LoCoMo file of several
 * conversations); without it a chat file's session is `fallbackId`, a JSONL or LoCoMo file's its own.
 */
export function parseIngestFile(
  text: string,
  format: IngestFormat,
  options: { session?: string; fallbackId: string },
): IngestSession[] {
  const chat = (messages: readonly ModelMessage[]): IngestSession[] => [
    { id: options.session ?? options.fallbackId, metadata: { format }, messages: checked(messages) },
  ];
  switch (format) {
    case 'jsonl': {
      const parsed = parseSessionJsonl(text);
      // Its artifacts too (summaries, stop marks, observations): what `export` wrote, `import` and `ingest` keep.
      const { id, metadata, messages, artifacts } = parsed;
      return [{ id: options.session ?? id, metadata, messages, artifacts }];
    }
    case 'openai-chat':
      return chat(parseOpenAIChat(text));
    case 'anthropic':
      return chat(parseAnthropic(text));
    case 'ai-sdk':
      return chat(parseAiSdk(text));
    case 'locomo':
      return locomoSessions(parseLocomo(parseJson(text)), options.session);
  }
}

/** The messages with ids and one time, each checked against the message schema after conversion. */
function checked(messages: readonly ModelMessage[]): MemoryMessage[] {
  return toMemoryMessages(messages).map((m, i) => {
    try {
      return validateMessage(m);
    } catch (error) {
      throw new BadInputError(`message ${i + 1} (after conversion): ${errorReason(error)}`);
    }
  });
}

/** One session per conversation, its LoCoMo sessions' dates and sizes in its metadata. */
function locomoSessions(conversations: LocomoConversation[], prefix?: string): IngestSession[] {
  return conversations.map((c) => ({
    id: prefix === undefined ? c.id : conversations.length === 1 ? prefix : `${prefix}-${c.id}`,
    metadata: {
      format: 'locomo',
      sampleId: c.id,
      speakers: c.speakers,
      sessions: c.sessions.map((s) => ({
        id: s.id,
        date: s.date.toISOString(),
        dateText: s.dateText,
        messages: s.messages.length,
      })),
    },
    messages: checked(c.sessions.flatMap((s) => s.messages)),
  }));
}
