/** What a redacted secret is replaced with (after its recognisable prefix, if any). */
export const redactedMark = '[redacted]';

/**
 * API-key-shaped strings, most specific first; each keeps only a prefix that says what it was. A key glued to a
 * preceding letter or digit (`xsk-…`) is not taken for one, so ordinary words (`task-…`) stay as they are.
 */
const rules: readonly { re: RegExp; keep: (m: string, ...groups: string[]) => string }[] = [
  {
    re: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    keep: () => `-----BEGIN PRIVATE KEY----- ${redactedMark}`,
  },
  {
    re: /(?<![A-Za-z0-9])sk-(ant-)?[A-Za-z0-9_-]{16,}/g,
    keep: (_m, ant) => `sk-${ant ?? ''}${redactedMark}`,
  },
  { re: /(?<![A-Za-z0-9])(AKIA|ASIA)[A-Z0-9]{16,}/g, keep: (_m, p) => `${p}${redactedMark}` },
  {
    re: /(?<![A-Za-z0-9])(gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}/g,
    keep: (_m, p) => `${p}${redactedMark}`,
  },
  { re: /(?<![A-Za-z0-9])(xox[abposre]-)[A-Za-z0-9-]{10,}/g, keep: (_m, p) => `${p}${redactedMark}` },
  {
    re: /(?<![A-Za-z0-9])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    keep: () => `eyJ${redactedMark}`,
  },
  { re: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{16,}=*/gi, keep: (_m, p) => `${p}${redactedMark}` },
  {
    // A long hex or base64 value (base64 with a digit in it) after a name like `key`, `api_key`, `token`, `secret`.
    re: /([A-Za-z_-]*(?:key|token|secret|password)["']?\s*[=:]\s*["']?)(?:[0-9a-fA-F]{16,}|(?=[A-Za-z0-9+/_-]*\d)[A-Za-z0-9+/_-]{20,}={0,2})/gi,
    keep: (_m, p) => `${p}${redactedMark}`,
  },
];

/**
 * The text with API-key-shaped strings replaced by `[redacted]` (`sk-…`, `sk-ant-…`, `AKIA…`, `ghp_…`,
 * `xox…-`, JWTs, private-key blocks, `Bearer` tokens, long hex or base64 after `key=` / `token=` / `secret:`).
 * Text without such strings comes back unchanged; redacting twice changes nothing more.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const { re, keep } of rules) out = out.replace(re, keep as (m: string, ...g: unknown[]) => string);
  return out;
}

/** Property names whose string values are secrets whatever they look like (compared lower-case without `_` / `-`). */
const secretNames = new Set([
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'secret',
  'clientsecret',
  'password',
  'token',
  'accesstoken',
  'authtoken',
  'refreshtoken',
  'authorization',
]);

const isSecretName = (name: string) => secretNames.has(name.toLowerCase().replace(/[_-]/g, ''));

/**
 * A deep copy of a JSON-like value with every string passed through {@link redactSecrets}, and string values of
 * secret-named properties (`apiKey`, `password`, `authorization`, …) replaced whole. Dates stay dates.
 */
export function redactValue<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = typeof v === 'string' && v.length > 0 && isSecretName(key) ? redactedMark : walk(v);
  return out;
}
