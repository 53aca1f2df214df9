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

/**
 * A deep copy of a JSON-like value with its secrets replaced by `[redacted]`: string values of secret-named
 * properties (`apiKey`, `password`, `authorization`, …) whole; in every other string, what secretlint's
 * recommended rules find (maintained provider formats, loaded on first use), then what engram's own rules find
 * ({@link redactSecrets}: the shapes the preset lacks, such as `AIza…` keys, `Basic` credentials, any URL's
 * password, `"password": "…"` in text). Dates stay dates.
 */
export async function redactValue<T>(value: T): Promise<T> {
  const texts: string[] = [];
  const fill: ((text: string) => void)[] = [];
  let root: unknown;
  const walk = (v: unknown, set: (x: unknown) => void): void => {
    if (typeof v === 'string') {
      texts.push(v);
      fill.push(set);
    } else if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      set(out);
      v.forEach((item, i) => {
        walk(item, (x) => {
          out[i] = x;
        });
      });
    } else if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
      const out: Record<string, unknown> = {};
      set(out);
      for (const [key, item] of Object.entries(v))
        if (typeof item === 'string' && item.length > 0 && isSecretName(key)) out[key] = redactedMark;
        else walk(item, (x) => (out[key] = x));
    } else set(v);
  };
  walk(value, (x) => (root = x));
  const spans = new Map<number, { start: number; end: number }[]>();
  for (const { index, start, end } of await findSecrets(texts))
    spans.set(index, [...(spans.get(index) ?? []), { start, end }]);
  texts.forEach((text, i) => {
    const found = spans.get(i);
    fill[i]!(redactSecrets(found ? maskSpans(text, found) : text));
  });
  return root as T;
}
