import type { JSONValue } from 'ai';
import type { MemoryMessage } from '../core/message.ts';
import type { NewLongTermRecord } from '../longterm/long-term-record.ts';
import { spokenText, toolsReadAfter } from '../longterm/turn-records.ts';
import { recordText } from './record-text.ts';

/** A closed episode. */
export interface EpisodeInfo {
  /** 1-based, in the order episodes were closed. */
  index: number;
  /** The session holding its messages. */
  sessionId: string;
  /** The metadata given to `startNewEpisode` when it closed. */
  metadata: Record<string, JSONValue>;
  /** How many messages it holds. */
  messageCount: number;
  /** When its first and last messages were created. */
  startedAt: Date;
  endedAt: Date;
  /** Seed 003's summary: the count, and previews of the first and last messages. */
  summary: string;
}
/** What {@link closedEpisode} needs besides the episode's messages. */
export interface ClosedEpisodeOptions {
  /** The episode's number in its series. */
  index: number;
  /** The session holding its messages. */
  sessionId: string;
  /** The series. */
  series: string;
  /** The metadata it is closed with. */
  metadata: Record<string, JSONValue>;
  /** Characters of the first and last message its summary shows. */
  previewChars: number;
  /** The sequence number of its newest message: later ones were stored after the close read it. */
  lastSeq: number;
}

/** A message's words for a summary, cut to `max` characters (`...` when cut); its role for one without words. */
const preview = (m: MemoryMessage, max: number) => {
  const text = spokenText(m) || `[${m.role}]`;
  return text.length > max ? `${recordText(text, max)}...` : recordText(text, max);
};

/**
 * A closed episode (`messages`: at least one) as its long-term record (kind `episode`, id `episode_<session>`: its
 * transcript, at most 64 KB, searched; seed 003's summary as context) and the info `startNewEpisode` returns.
 */
export function closedEpisode(
  messages: readonly MemoryMessage[],
  o: ClosedEpisodeOptions,
): { info: EpisodeInfo; record: NewLongTermRecord & { id: string; text: string } } {
  const { index, sessionId, metadata } = o;
  const first = messages[0] as MemoryMessage;
  const last = messages.at(-1) as MemoryMessage;
  const summary = [
    `Episode ${index}: ${messages.length} messages`,
    `Started: ${preview(first, o.previewChars)}`,
    `Ended: ${preview(last, o.previewChars)}`,
  ].join('\n');
  const transcript = recordText(
    messages
      .map((m) => spokenText(m))
      .filter((t) => t !== '')
      .join('\n'),
    64 * 1024,
  );
  const info: EpisodeInfo = {
    index,
    sessionId,
    metadata,
    messageCount: messages.length,
    startedAt: first.createdAt,
    endedAt: last.createdAt,
    summary,
  };
  const record = {
    id: `episode_${sessionId}`,
    kind: 'episode',
    text: transcript || summary,
    context: summary,
    session: sessionId,
    episode: sessionId,
    validAt: first.createdAt,
    metadata: {
      pattern: 'episodic',
      series: o.series,
      index,
      sessionId,
      messageCount: messages.length,
      startedAt: first.createdAt.toISOString(),
      endedAt: last.createdAt.toISOString(),
      lastSeq: o.lastSeq,
      metadata,
    },
    provenance: {
      origin: 'conversation' as const,
      toolDerived: messages.some((m) => toolsReadAfter([m]).length > 0),
      messageIds: messages.slice(0, 1000).map((m) => m.id),
      roles: messages.slice(0, 1000).map((m) => m.role),
      session: sessionId,
    },
  };
  return { info, record };
}
