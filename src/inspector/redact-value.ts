import { redactedMark, redactSecrets } from './redact-secrets.ts';
import { findSecrets, maskSpans } from './secretlint-scan.ts';

/** Property names whose string values are secrets whatever they look like (compared lower-case without `_` / `-`). */
const secretNames = new Set([
  'apikey',
  'accesskey',
  'secretkey',
  'secretaccesskey',
  'privatekey',
  'secret',
  'clientsecret',
  'password',
  'passwd',
  'passphrase',
  'token',
  'accesstoken',
  'authtoken',
  'refreshtoken',
  'authorization',
]);

const isSecretName = (name: string) => secretNames.has(name.toLowerCase().replace(/[_-]/g, ''));

/** Whether a value is walked into as an object: not null, an array or a Date. */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** Sets `out[key]` as an own property, even for `__proto__` (an assignment would set the prototype). */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A value under a secret-named property: each string and number in it (a PIN, a list of keys) replaced whole. */
function masked(v: unknown): unknown {
  if ((typeof v === 'string' && v.length > 0) || typeof v === 'number') return redactedMark;
  if (Array.isArray(v)) return v.map(masked);
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) setOwn(out, key, masked(item));
    return out;
  }
  return v;
}

/**
 * A deep copy of a JSON-like value with its secrets replaced by `[redacted]`: the values of secret-named
 * properties (`apiKey`, `password`, `authorization`, …) whole, every string and number in them; in every other
 * string and every property name, what secretlint's recommended rules find (maintained provider formats, loaded
 * on first use), then what engram's own rules find ({@link redactSecrets}: the shapes the preset lacks, such as
 * `AIza…` keys, `Basic` credentials, any URL's password, `"password": "…"` in text). Names redacted alike stay
 * apart (`[redacted]`, `[redacted] (2)`, …). Dates stay dates.
 */
export async function redactValue<T>(value: T): Promise<T> {
  // The texts in the order `build` takes them back: strings, and each object's names before its values.
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (isRecord(v))
      for (const [key, item] of Object.entries(v)) {
        texts.push(key);
        if (!isSecretName(key)) collect(item);
      }
  };
  collect(value);
  const spans = new Map<number, { start: number; end: number }[]>();
  for (const { index, start, end } of await findSecrets(texts))
    spans.set(index, [...(spans.get(index) ?? []), { start, end }]);
  const redacted = texts.map((text, i) => {
    const found = spans.get(i);
    return redactSecrets(found ? maskSpans(text, found) : text);
  });
  let next = 0;
  const build = (v: unknown): unknown => {
    if (typeof v === 'string') return redacted[next++];
    if (Array.isArray(v)) return v.map(build);
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      let name = redacted[next++]!;
      for (let n = 2; name !== key && Object.hasOwn(out, name); n++) name = `${redacted[next - 1]} (${n})`;
      setOwn(out, name, isSecretName(key) ? masked(item) : build(item));
    }
    return out;
  };
  return build(value) as T;
}
