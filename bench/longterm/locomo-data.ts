/**
 * LoCoMo (snap-research/LoCoMo, CC BY-NC 4.0) as the benchmark reads it from `../shared/data/locomo-dev.json`
 * (never copied into the package): each conversation's sessions as engram messages (the turn's `dia_id` as the
 * message id, the speaker as its name, the image caption appended as text, the session date as its time) and
 * each question with its valid evidence ids.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MemoryMessage } from '../../src/core/message.ts';

/** The data file, beside the repository. */
export const locomoFile = fileURLToPath(new URL('../../../shared/data/locomo-dev.json', import.meta.url));

/** One session of a conversation. */
export interface LocomoSession {
  /** `session_N`. */
  id: string;
  /** Its date. */
  date: Date;
  /** Its turns as messages (speaker A as `user`, B as `assistant`). */
  messages: MemoryMessage[];
}

/** A question with its evidence. */
export interface LocomoQuestion {
  /** The question text. */
  question: string;
  /** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category: number;
  /** Evidence turn ids that exist (malformed ones split, unknown ones dropped). */
  evidence: string[];
}

/** One conversation. */
export interface LocomoSample {
  /** `sample_id`, or its index. */
  id: string;
  /** Speaker names. */
  speakers: [string, string];
  /** Sessions in order. */
  sessions: LocomoSession[];
  /** Questions. */
  questions: LocomoQuestion[];
  /** Every turn id. */
  turnIds: Set<string>;
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** '1:56 pm on 8 May, 2023' as a UTC date. */
export function parseSessionDate(text: string): Date {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})/i.exec(text);
  if (!m) throw new Error(`unreadable session date: ${text}`);
  const [, h, min, ampm, day, month, year] = m;
  const monthIndex = months.indexOf(month!.toLowerCase());
  if (monthIndex < 0) throw new Error(`unreadable month in session date: ${text}`);
  const hour = (Number(h) % 12) + (ampm!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(year), monthIndex, Number(day), hour, Number(min)));
}

/** Reads the data set; throws a clear error when the file is missing. */
export function readLocomo(file = locomoFile): LocomoSample[] {
  if (!existsSync(file)) throw new Error(`LoCoMo data not found at ${file} (../shared/data/locomo-dev.json)`);
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  return raw.map((s, index) => {
    const c = s.conversation as Record<string, unknown>;
    const speakers: [string, string] = [String(c.speaker_a), String(c.speaker_b)];
    const sessions: LocomoSession[] = Object.keys(c)
      .filter((k) => /^session_\d+$/.test(k) && Array.isArray(c[k]))
      .sort((a, b) => Number(a.split('_')[1]) - Number(b.split('_')[1]))
      .map((id) => {
        const date = parseSessionDate(String(c[`${id}_date_time`]));
        const turns = c[id] as { speaker: string; dia_id: string; text: string; blip_caption?: string }[];
        const messages = turns.map((t, i): MemoryMessage => {
          const text = t.blip_caption ? `${t.text} [shares ${t.blip_caption}]` : t.text;
          const at = new Date(date.getTime() + i * 1000);
          return t.speaker === speakers[0]
            ? { id: t.dia_id, role: 'user', content: text, name: t.speaker, createdAt: at }
            : { id: t.dia_id, role: 'assistant', content: text, name: t.speaker, createdAt: at };
        });
        return { id, date, messages };
      });
    const turnIds = new Set(sessions.flatMap((x) => x.messages.map((m) => m.id)));
    const questions = (s.qa as { question: string; category: number; evidence?: string[] }[]).map((q) => ({
      question: q.question,
      category: q.category,
      evidence: [
        ...new Set((q.evidence ?? []).flatMap((e) => e.split(/[;\s]+/)).filter((e) => turnIds.has(e))),
      ],
    }));
    return { id: String(s.sample_id ?? index), speakers, sessions, questions, turnIds };
  });
}

/** The paper's R@k for one question: the share of its evidence in the top k (1 when it has no valid evidence). */
export function recallAt(evidence: readonly string[], ranked: readonly string[], k: number): number {
  if (evidence.length === 0) return 1;
  const top = new Set(ranked.slice(0, k));
  return evidence.filter((e) => top.has(e)).length / evidence.length;
}
