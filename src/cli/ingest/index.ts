/**
 * @module engram/cli/ingest
 * Reading conversations of other formats (LoCoMo, OpenAI Chat, Anthropic Messages, AI SDK, engram's JSONL)
 * into checked sessions, and writing them to a store all or nothing.
 * @example
 * const sessions = parseIngestFile(text, 'openai-chat', { fallbackId: 'chat' });
 * await writeSessions(store, { tenant: 'acme' }, sessions);
 */
export { type IngestFormat, ingestFormats, parseIngestFile } from './ingest-file.ts';
export { type LocomoConversation, type LocomoSession, parseLocomo, parseSessionDate } from './locomo.ts';
export {
  checkSessions,
  type IngestSession,
  type WriteSessionsOptions,
  writeSessions,
} from './write-sessions.ts';
