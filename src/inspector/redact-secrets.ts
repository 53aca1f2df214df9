/** What a redacted secret is replaced with (after its recognisable prefix, if any). */
export const redactedMark = '[redacted]';

/**
 * API-key-shaped strings, most specific first; each keeps only a prefix that says what it was. A key glued to a
 * preceding letter or digit (`xsk-…`) is not taken for one, so ordinary words (`task-…`) stay as they are.
 */
/** A rule: what to find, what to put instead, and (for the costlier ones) a quick test a text must pass first. */
interface Rule {
  re: RegExp;
  keep: (m: string, ...groups: string[]) => string;
  when?: RegExp;
}

const rules: readonly Rule[] = [
  // Every repetition that can start at many places is bounded, so each rule runs in linear time on any text.
  {
    re: /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g,
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
  { re: /\b(Bearer\s{1,8})[A-Za-z0-9._~+/-]{16,}=*/gi, keep: (_m, p) => `${p}${redactedMark}` },
  // The rules below cover what secretlint's recommended preset does not (see redact-value.ts).
  {
    // The password of any `scheme://user:password@host` URL (Redis, AMQP, HTTP, …; the preset knows only
    // PostgreSQL, MySQL and MongoDB, and reports the whole URL).
    when: /:\/\//,
    re: /(?<![A-Za-z0-9+.-])([a-z][a-z0-9+.-]{0,30}:\/\/[^:@/\s]{0,256}:)(?!\[redacted\]@)([^@/\s]{1,256})(?=@)/gi,
    keep: (_m, p) => `${p}${redactedMark}`,
  },
  {
    // HTTP Basic credentials: base64 of `user:password` after `Basic`.
    when: /Basic/,
    re: /\b(Basic\s{1,8})([A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/g,
    keep: (m, p, b64) => (isBasicCredential(b64!) ? `${p}${redactedMark}` : m),
  },
  {
    // The value of a quoted secret-named key in JSON, YAML or code (`"password": "…"`, `'client_secret': '…'`),
    // whatever it looks like; also inside JSON strings, escaped once or more (`\"password\":\"…\"`).
    when: /password|passwd|passphrase|secret|api[_-]?key|access[_-]?key|private[_-]?key|token|credential/i,
    re: /(\\{0,8}["'])([A-Za-z0-9_-]{0,40}(?:password|passwd|passphrase|secret|api[_-]?key|access[_-]?key|private[_-]?key|token|credentials?)[A-Za-z0-9_-]{0,40})\1(\s{0,8}:\s{0,8})(\\{0,8}["'])((?:(?!\4)[^\n]){1,4096}?)\4/gi,
    keep: (m, q, name, colon, vq, value) =>
      value === redactedMark ? m : `${q}${name}${q}${colon}${vq}${redactedMark}${vq}`,
  },
  {
    // An unquoted `password=…` / `PASSWORD: …` / `MYSQL_PWD=…` (env files, connection strings, logs), up to a space
    // or quote. A bare `PWD=` is the shell's working directory, not a password: `pwd` needs a prefix (`DB_PWD`).
    when: /password|passwd|_pwd/i,
    re: /\b((?:[A-Za-z_]{0,40}(?:password|passwd)|[A-Za-z]{1,40}_pwd)\s{0,8}[=:]\s{0,8})(?![\s"'[])([^\s"',;&]+)/gi,
    keep: (m, p, value) => (value === redactedMark ? m : `${p}${redactedMark}`),
  },
  // Google API keys (gitleaks' `gcp-api-key` rule: `AIza` and 35 more characters).
  {
    re: /(?<![A-Za-z0-9_-])(AIza)[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
    keep: (_m, p) => `${p}${redactedMark}`,
  },
  {
    // A bare AWS secret access key: exactly 40 characters of base64 with upper case, lower case and a digit,
    // alone (no base64 character on either side). Neither secretlint nor gitleaks finds it without its name.
    when: /[A-Za-z0-9+/]{40}/,
    re: /(?<![A-Za-z0-9+/=_-])(?=[A-Za-z0-9+/]{0,39}[A-Z])(?=[A-Za-z0-9+/]{0,39}[a-z])(?=[A-Za-z0-9+/]{0,39}\d)[A-Za-z0-9+/]{40}(?![A-Za-z0-9+/=_-])/g,
    keep: () => redactedMark,
  },
  {
    // A long hex or base64 value (base64 with a digit in it) after a name like `key`, `api_key`, `token`, `secret`.
    when: /key|token|secret|password/i,
    re: /((?<![A-Za-z_-])[A-Za-z_-]{0,40}(?:key|token|secret|password)["']?\s{0,8}[=:]\s{0,8}["']?)(?:[0-9a-fA-F]{16,}|(?=[A-Za-z0-9+/_-]{0,64}\d)[A-Za-z0-9+/_-]{20,}={0,2})/gi,
    keep: (_m, p) => `${p}${redactedMark}`,
  },
];

/** Whether a Basic credential decodes to printable `user:password`. */
function isBasicCredential(b64: string): boolean {
  const text = Buffer.from(b64, 'base64').toString('latin1');
  return /^[\x20-\x7e]*:[\x20-\x7e]+$/.test(text) && text.indexOf(':') > 0;
}

/**
 * The text with secrets replaced by `[redacted]` by engram's own rules, synchronously: API-key shapes (`sk-…`,
 * `sk-ant-…`, `AKIA…`, `ghp_…`, `xox…-`, `AIza…`, JWTs, private-key blocks, `Bearer` and `Basic` credentials, a
 * bare 40-character AWS secret key), the password of any `scheme://user:password@` URL, the value of a quoted
 * secret-named key (`"password": "…"`), `password=…`, and long hex or base64 after `key=` / `token=` /
 * `secret:`. {@link redactValue} adds secretlint's maintained rules. Text without such strings comes back
 * unchanged; redacting twice changes nothing more.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const { re, keep, when } of rules)
    if (when === undefined || when.test(out))
      out = out.replace(re, keep as (m: string, ...g: unknown[]) => string);
  return out;
}
