import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import { isStorableText, maxRecordTextLength } from './check-record.ts';
import type { LongTermOrigin, NewLongTermRecord } from './long-term-record.ts';
import { dateWords, mentionedDates } from './temporal-context.ts';
import { topicLine } from './topic-line.ts';

/** Options of {@link turnRecords}. */
export interface TurnRecordOptions {
  /** The conversation the messages belong to. */
  session?: string;
  /** The episode they belong to. @default the session */
  episode?: string;
  /** Which roles become records. @default {@link defaultTurnRoles} */
  roles?: readonly ('user' | 'assistant' | 'tool' | 'system')[];
  /** Neighbouring turns on each side put in the record's context (their text only: the speaker is on the centre turn). @default 2 */
  neighbours?: number;
  /** The speaker a message is attributed to. @default its `name`, else its role */
  speaker?: (message: MemoryMessage) => string;
  /** A message before the first one (from an earlier call), for the first record's context. */
  previous?: MemoryMessage;
  /** Cut each turn's text to this many characters. @default 16384 */
  maxChars?: number;
  /** Tools whose output the model read since the user last spoke, in an earlier call (see {@link toolsReadAfter}). @default [] */
  toolsRead?: readonly string[];
  /** Whether a neighbour with tool output in it (see {@link toolsReadAfter}) may go in a record's context. @default true */
  toolDerivedContext?: boolean;
}

/** The roles whose messages become turn records when none are given: `user` and `assistant`. */
export const defaultTurnRoles: readonly ('user' | 'assistant')[] = ['user', 'assistant'];

const resultTools = (m: MemoryMessage): string[] =>
  typeof m.content === 'string'
    ? []
    : m.content.flatMap((p) => (p.type === 'tool-result' ? [p.toolName] : []));

/**
 * The tools whose output the model has read since the user last spoke, after `messages` (starting from `before`,
 * from an earlier call): a user message starts a new exchange; a tool message, or a tool result in any message,
 * adds its tool. What the model says in that exchange may repeat that output, so it is marked tool-derived.
 */
export function toolsReadAfter(messages: readonly MemoryMessage[], before: readonly string[] = []): string[] {
  let read = [...before];
  for (const m of messages) {
    if (m.role === 'user') read = [];
    for (const tool of resultTools(m)) if (!read.includes(tool)) read.push(tool);
  }
  return read;
}

/** Origin of a message's own words, by its role. */
export const originOfRole = (role: string): LongTermOrigin =>
  role === 'user' || role === 'assistant' || role === 'tool' || role === 'system' ? role : 'unknown';

/** `text` cut to at most `max` characters, never between the two halves of a surrogate pair (a lone half is not storable). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * `texts` each cut (see {@link cutText}) so that, one line each, they take at most `room` characters: those shorter
 * than a fair share whole, the others cut to the same length (their starts kept). A turn's neighbours are cut so,
 * so its context stays within what a record holds (`maxRecordTextLength`) with its dates; before, four long
 * neighbours (or more with `neighbours` above 2) made a context too long and `record` refused the whole call.
 */
function fitted(texts: readonly string[], room: number): string[] {
  const total = texts.reduce((sum, t) => sum + t.length + 1, 0);
  if (total <= room) return [...texts];
  // The largest length each may keep: the shortest take what they need, the rest share what is left.
  const lengths = texts.map((t) => t.length).sort((a, b) => a - b);
  let left = room - texts.length;
  let most = 0;
  for (const [i, length] of lengths.entries()) {
    const share = Math.floor(left / (lengths.length - i));
    if (length > share) {
      most = share;
      break;
    }
    left -= length;
    most = length;
  }
  return texts.map((t) => cutText(t, Math.max(0, most))).filter((t) => t !== '');
}

/**
 * Throws `INVALID_ARGUMENT` naming the message and its field (`messages[1].content[0].text`, `messages[1].name`)
 * when a message whose role becomes a turn record (`roles`) has text or a name a record cannot store (a NUL or a
 * lone surrogate): checked before the records are built, so the error names the message, not the record whose
 * text or context (its neighbours' text) took it in. Messages of other roles go into no record and are not checked.
 */
export function checkTurnTexts(
  messages: readonly MemoryMessage[],
  roles: readonly string[] = defaultTurnRoles,
  component = 'longterm',
): void {
  const refuse = (what: string) => {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be well-formed text without NUL (a long-term record stores it)`,
    });
  };
  messages.forEach((m, i) => {
    if (!roles.includes(m.role)) return;
    if (typeof m.name === 'string' && !isStorableText(m.name)) refuse(`messages[${i}].name`);
    if (typeof m.content === 'string') {
      if (!isStorableText(m.content)) refuse(`messages[${i}].content`);
      return;
    }
    m.content.forEach((part, k) => {
      if (part.type === 'text' && !isStorableText(part.text)) refuse(`messages[${i}].content[${k}].text`);
      if (part.type === 'tool-result' && !isStorableText(toolOutputText(part.output)))
        refuse(`messages[${i}].content[${k}].output`);
    });
  });
}

/** What a message says, for memory: its text parts (a tool message: its outputs' text); reasoning and tool calls left out. */
export function spokenText(message: MemoryMessage): string {
  if (typeof message.content === 'string') return message.content;
  const parts: string[] = [];
  for (const part of message.content) {
    if (part.type === 'text') parts.push(part.text);
    else if (part.type === 'tool-result') parts.push(toolOutputText(part.output));
  }
  return parts.join('\n').trim();
}

/**
 * One record per turn (seed 003's retrieval-augmented memory with context): the turn's text with its speaker,
 * and as context its neighbouring turns, the date it was said and the dates it mentions ("yesterday" resolved
 * to a day), so a search finds a turn by what was around it and by when (neighbours too long for one record's
 * context are cut to fit beside its dates: `fitted`). Each record's provenance says who said
 * it (origin `user`, `assistant`, `tool`, `system`), its message and session, and whether tool output went into it:
 * a tool's output, or a model's turn after it read tool output in the same exchange (the model may repeat it).
 * Tool output becomes a record only when `roles` includes `tool`, marked with its tool in provenance and metadata.
 */
export function turnRecords(
  messages: readonly MemoryMessage[],
  options: TurnRecordOptions = {},
): NewLongTermRecord[] {
  const roles = new Set<string>(options.roles ?? defaultTurnRoles);
  const speaker = options.speaker ?? ((m: MemoryMessage) => m.name ?? m.role);
  const max = options.maxChars ?? 16_384;
  // The tools read before each message, walking the whole exchange (tool messages too, even when not recorded).
  let read = [...(options.toolsRead ?? [])];
  const readBefore = new Map<MemoryMessage, string[]>();
  // The previous message (the last of an earlier call) was said with the tools that call had read.
  if (options.previous) readBefore.set(options.previous, toolsReadAfter([options.previous], read));
  for (const m of messages) {
    if (m.role === 'user') read = [];
    const own = resultTools(m);
    readBefore.set(m, m.role === 'tool' ? own : [...read, ...own.filter((t) => !read.includes(t))]);
    read = toolsReadAfter([m], read);
  }
  const spoken = [...(options.previous ? [options.previous] : []), ...messages]
    .map((m) => ({ m, text: cutText(spokenText(m), max) }))
    .filter(({ m, text }) => text !== '' && roles.has(m.role));
  const offset = options.previous && spoken[0]?.m === options.previous ? 1 : 0;
  const n = options.neighbours ?? 2;
  return spoken.slice(offset).map(({ m, text }, j) => {
    const i = j + offset;
    const around = [...spoken.slice(Math.max(0, i - n), i), ...spoken.slice(i + 1, i + 1 + n)].filter(
      (a) => options.toolDerivedContext !== false || (readBefore.get(a.m)?.length ?? 0) === 0,
    );
    const said = `${speaker(m)}: ${text}`;
    // The personal topics it speaks of: the user's, or another person's (an assistant turn with a speaker's name,
    // as in a conversation between two people); an unnamed assistant's, a tool's or system text name none.
    const topics =
      m.role === 'user'
        ? topicLine(text, 'user')
        : m.role === 'assistant' && m.name
          ? topicLine(text, 'other')
          : '';
    const dated = [dateWords(m.createdAt), ...mentionedDates(text, m.createdAt), ...(topics ? [topics] : [])];
    const context = cutText(
      [
        ...fitted(
          around.map((a) => a.text),
          maxRecordTextLength - dated.reduce((sum, line) => sum + line.length + 1, 0),
        ),
        ...dated,
      ].join('\n'),
      maxRecordTextLength,
    );
    const tools = readBefore.get(m) ?? [];
    const tool = tools[0];
    const fromTool = m.role === 'tool';
    const record: NewLongTermRecord = {
      kind: 'turn',
      text: said,
      context,
      metadata: {
        role: m.role,
        speaker: speaker(m),
        ...(tool && fromTool ? { tool, fromToolOutput: true } : {}),
        ...(tool && !fromTool ? { afterToolOutput: tools } : {}),
      },
      provenance: {
        origin: originOfRole(m.role),
        toolDerived: tools.length > 0,
        messageIds: [m.id],
        roles: [m.role],
        ...(tool ? { tool } : {}),
        ...(options.session === undefined ? {} : { session: options.session }),
      },
      validAt: m.createdAt,
    };
    if (options.session !== undefined) record.session = options.session;
    const episode = options.episode ?? options.session;
    if (episode !== undefined) record.episode = episode;
    return record;
  });
}
