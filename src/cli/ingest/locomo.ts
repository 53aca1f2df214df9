import { z } from 'zod';
import type { MemoryMessage } from '../../core/message.ts';
import { badAt, checkWith, isObject, joinPath, type Located } from './json-input.ts';

/** One session of a LoCoMo conversation. */
export interface LocomoSession {
  /** `session_N`. */
  id: string;
  /** Its date, as UTC. */
  date: Date;
  /** Its date as the data set writes it (`1:56 pm on 8 May, 2023`). */
  dateText: string;
  /** Its turns as messages: speaker A as `user`, B as `assistant`, named by speaker, the `dia_id` as id. */
  messages: MemoryMessage[];
}

/** One LoCoMo conversation (a `sample`). */
export interface LocomoConversation {
  /** `sample_id`, or its index in the file. */
  id: string;
  /** The two speakers' names. */
  speakers: [string, string];
  /** Its sessions in order. */
  sessions: LocomoSession[];
}

const months = 'january february march april may june july august september october november december'.split(
  ' ',
);

/** '1:56 pm on 8 May, 2023' as a UTC date; undefined when unreadable. */
export function parseSessionDate(text: string): Date | undefined {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})/i.exec(text);
  if (!m) return undefined;
  const [, h, min, ampm, day, month, year] = m;
  const monthIndex = months.indexOf(month!.toLowerCase());
  if (monthIndex < 0) return undefined;
  const hour = (Number(h) % 12) + (ampm!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(year), monthIndex, Number(day), hour, Number(min)));
}

const turns = z.array(
  z.object({
    speaker: z.string(),
    dia_id: z.string().min(1),
    text: z.string(),
    blip_caption: z.string().nullish(),
  }),
);

/**
 * The conversations of a LoCoMo file (snap-research/LoCoMo: an array of samples, or one sample), checked whole:
 * errors name the JSON path (`[1].conversation.session_2[3].speaker: …`). A turn's image caption is appended to
 * its text; its time is the session's date plus one second per turn. Questions and summaries are not read.
 */
export function parseLocomo(data: unknown): LocomoConversation[] {
  const samples: Located[] = Array.isArray(data)
    ? data.map((value, i) => ({ value, path: `[${i}]` }))
    : [{ value: data, path: '' }];
  return samples.map((sample, index) => {
    const s = sample.value;
    if (!isObject(s) || !isObject(s.conversation))
      throw badAt(sample, 'conversation', 'expected a LoCoMo sample with a "conversation" object');
    if (s.sample_id !== undefined && (typeof s.sample_id !== 'string' || s.sample_id === ''))
      throw badAt(sample, 'sample_id', 'expected a non-empty string');
    const c = s.conversation;
    const at = (key: string): Located => ({
      value: c[key],
      path: joinPath(sample.path, `conversation.${key}`),
    });
    const speakers = [
      checkWith(z.string().min(1), at('speaker_a')),
      checkWith(z.string().min(1), at('speaker_b')),
    ];
    const seen = new Set<string>();
    const sessions = Object.keys(c)
      .filter((k) => /^session_\d+$/.test(k))
      .sort((a, b) => Number(a.split('_')[1]) - Number(b.split('_')[1]))
      .map((id): LocomoSession => {
        const dateText = checkWith(z.string(), at(`${id}_date_time`));
        const date = parseSessionDate(dateText);
        if (!date) throw badAt(at(`${id}_date_time`), '', `unreadable session date "${dateText}"`);
        const messages = checkWith(turns, at(id)).map((t, i): MemoryMessage => {
          if (!speakers.includes(t.speaker))
            throw badAt(at(id), `[${i}].speaker`, `"${t.speaker}" is neither speaker_a nor speaker_b`);
          if (seen.has(t.dia_id)) throw badAt(at(id), `[${i}].dia_id`, `"${t.dia_id}" is used twice`);
          seen.add(t.dia_id);
          const content = t.blip_caption ? `${t.text} [shares ${t.blip_caption}]` : t.text;
          const createdAt = new Date(date.getTime() + i * 1000);
          const role = t.speaker === speakers[0] ? 'user' : 'assistant';
          return { id: t.dia_id, role, content, name: t.speaker, createdAt };
        });
        return { id, date, dateText, messages };
      });
    return {
      id: (s.sample_id as string | undefined) ?? String(index),
      speakers: speakers as [string, string],
      sessions,
    };
  });
}
