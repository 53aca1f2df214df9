import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import type { Artifact } from '../../store/memory-store.ts';

/** The artifact kind that holds a long text sent in many steps (tool definitions, instructions), once a session. */
export const assemblyTextKind = 'engram.assembly-text';

/** Sent texts at least this long are stored once a session and named by their digest in each record. */
export const sharedTextMinChars = 512;

/** A record's items as stored: a long `sent` text replaced by `sentRef`, the id of the artifact holding it. */
type StoredItem = Record<string, JSONValue>;

/**
 * Log positions a shared text's artifact serves. A text is stored once per span of the log (a generation) its
 * records fall in, not once a session: retention can then delete the copies of generations that end before its
 * oldest kept record, without reading what each record names (a text sent at every step is written again once per
 * span, ~20 KB each 1,024 positions).
 */
export const textGenerationSpan = 1024;

/** The start of the ids of shared texts stored by generation (older ones, `asmtxt_<hex>`, are never trimmed). */
const generationPrefix = 'asmtxt_g';

/** Digests of texts seen lately (the same instructions and tool definitions are sent at every step). */
const digests = new Map<string, string>();
/** Texts {@link digests} keeps before it starts again. */
const keptDigests = 256;

/** The SHA-256 of `text` (hex, 40 characters), kept for texts seen lately. */
function textDigest(text: string): string {
  let digest = digests.get(text);
  if (digest === undefined) {
    digest = createHash('sha256').update(text).digest('hex').slice(0, 40);
    if (digests.size >= keptDigests) digests.clear();
    digests.set(text, digest);
  }
  return digest;
}

/** The generation of log position `at`: which {@link textGenerationSpan} of the log it falls in. */
const generationOf = (at: number): number => Math.floor(Math.max(0, at) / textGenerationSpan);

/**
 * The id of the artifact that holds `text` for records made at log position `at`: its generation and SHA-256, so
 * equal texts of records in one generation share one artifact.
 */
export function assemblyTextId(text: string, at: number): string {
  return `${generationPrefix}${generationOf(at).toString(36)}_${textDigest(text)}`;
}

/**
 * Whether retention may delete a shared text's artifact once the oldest record kept names log position
 * `oldestKept`: a text stored by generation whose span ends before it (no kept record can name it: a record names
 * only texts of its own generation). Texts stored before generations (`asmtxt_<hex>`) are not: see
 * {@link isSessionWideText}.
 */
export function isExpiredText(artifact: Pick<Artifact, 'id' | 'toSeq'>, oldestKept: number): boolean {
  return artifact.id.startsWith(generationPrefix) && artifact.toSeq < oldestKept;
}

/**
 * Whether a shared text was stored before texts were stored by generation (`asmtxt_<hex>`, once a session): any
 * record made before then may name it, so retention deletes these once no kept record names one
 * ({@link namesSessionWideText}).
 */
export function isSessionWideText(artifact: Pick<Artifact, 'id'>): boolean {
  return artifact.id.startsWith('asmtxt_') && !artifact.id.startsWith(generationPrefix);
}

/** Whether a stored record's data names a shared text stored before generations ({@link isSessionWideText}). */
export function namesSessionWideText(data: JSONValue): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const { items } = data as Readonly<Record<string, JSONValue>>;
  if (!Array.isArray(items)) return false;
  return items.some((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
    const { sentRef } = item as Readonly<Record<string, JSONValue>>;
    return typeof sentRef === 'string' && isSessionWideText({ id: sentRef });
  });
}

/**
 * The items of a record made at log position `at` as stored, each long `sent` text (at least
 * {@link sharedTextMinChars}) moved into an `engram.assembly-text` artifact named by its generation and digest
 * ({@link assemblyTextId}; its `fromSeq`..`toSeq` is the generation's span), and those artifacts (each once, and
 * none that `written` holds: the texts the recorder has written already). Taken before the record is serialized, so
 * a long text sent at every step is not copied into each record.
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
    const id = assemblyTextId(sent, at);
    if (!written.has(id) && !adding.has(id)) {
      adding.add(id);
      const fromSeq = generationOf(at) * textGenerationSpan;
      const toSeq = fromSeq + textGenerationSpan - 1;
      artifacts.push({ id, kind: assemblyTextKind, fromSeq, toSeq, data: { text: sent } });
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
