import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import type { Artifact } from '../../store/memory-store.ts';

/** The artifact kind that holds a long text sent in many steps (tool definitions, instructions), once a session. */
export const assemblyTextKind = 'engram.assembly-text';

/** Sent texts at least this long are stored once a session and named by their digest in each record. */
export const sharedTextMinChars = 512;

/** A record's items as stored: a long `sent` text replaced by `sentRef`, the id of the artifact holding it. */
type StoredItem = Record<string, JSONValue>;

/** Digests of texts seen lately (the same instructions and tool definitions are sent at every step). */
const digests = new Map<string, string>();
/** Texts {@link digests} keeps before it starts again. */
const keptDigests = 256;

/** The id of the artifact that holds `text`: its SHA-256, so equal texts share one artifact (kept for texts seen lately). */
export function assemblyTextId(text: string): string {
  let id = digests.get(text);
  if (id === undefined) {
    id = `asmtxt_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    if (digests.size >= keptDigests) digests.clear();
    digests.set(text, id);
  }
  return id;
}

/**
 * The items of a record as stored, each long `sent` text (at least {@link sharedTextMinChars}) moved into an
 * `engram.assembly-text` artifact named by its digest, and those artifacts (each once, and none that `written`
 * holds: the texts the recorder has written already). Taken before the record is serialized, so a long text sent
 * at every step is not copied into each record.
 */
export function shareSentTexts<T extends { sent?: unknown }>(
  items: readonly T[],
  at: number,
  written: ReadonlySet<string>,
): { items: (T | (Omit<T, 'sent'> & { sentRef: string }))[]; artifacts: Omit<Artifact, 'createdAt'>[] } {
  const artifacts: Omit<Artifact, 'createdAt'>[] = [];
  const adding = new Set<string>();
  const out = items.map((item) => {
    const { sent, ...rest } = item;
    if (typeof sent !== 'string' || sent.length < sharedTextMinChars) return item;
    const id = assemblyTextId(sent);
    if (!written.has(id) && !adding.has(id)) {
      adding.add(id);
      artifacts.push({ id, kind: assemblyTextKind, fromSeq: at, toSeq: at, data: { text: sent } });
    }
    return { ...rest, sentRef: id };
  });
  return { items: out, artifacts };
}

/** The shared texts of a session's `engram.assembly-text` artifacts, by id (malformed ones left out). */
export function sharedTexts(artifacts: readonly Artifact[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const a of artifacts) {
    const d = a.data;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) continue;
    const { text } = d as Readonly<Record<string, JSONValue>>;
    if (typeof text === 'string') texts.set(a.id, text);
  }
  return texts;
}

/** A stored item with its `sentRef` resolved back to `sent` (left without one when the text is gone). */
export function resolveSentText<T extends StoredItem>(item: T, texts: ReadonlyMap<string, string>): T {
  const { sentRef, ...rest } = item;
  if (typeof sentRef !== 'string') return item;
  const text = texts.get(sentRef);
  return (text === undefined ? rest : { ...rest, sent: text }) as T;
}
