import { redactedMark } from './redact-secrets.ts';

/** One finding of the maintained rule set: a secret at `[start, end)` of `texts[index]`. */
export interface SecretSpan {
  /** Which of the scanned texts. */
  readonly index: number;
  /** Where the secret starts in it. */
  readonly start: number;
  /** Where it ends (exclusive). */
  readonly end: number;
}

/** Between two texts in the one source secretlint scans; no rule matches across it. */
const separator = '\n\u0000\n';

/** The rule set, loaded on first use (secretlint is loaded only when the inspector redacts). */
let loaded: Promise<(content: string) => Promise<{ range: readonly [number, number] }[]>> | undefined;

/**
 * secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, maintained with the provider
 * formats: OpenAI, Anthropic, GitHub, Slack, Stripe, AWS, database connection strings, private keys, npm, …),
 * without `filter-comments`: a stored text saying `secretlint-disable` must not hide the texts after it.
 */
function ruleSet() {
  loaded ??= (async () => {
    const [{ lintSource }, { rules }] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/secretlint-rule-preset-recommend'),
    ]);
    const config = {
      rules: rules
        .filter((rule) => rule.meta.id !== '@secretlint/secretlint-rule-filter-comments')
        .map((rule) => ({ id: rule.meta.id, rule })),
    };
    return async (content: string) =>
      (
        await lintSource({
          source: { content, filePath: 'inspector.txt', ext: '.txt', contentType: 'text' },
          options: { config, noPhysicFilePath: true },
        })
      ).messages;
  })();
  return loaded;
}

/**
 * Where secretlint's recommended rules find secrets in the texts. The texts are scanned as one source (one call
 * costs ~0.1 s for 2 MB here; one call per text would cost 40 times more), a finding that spans a separator is
 * split between the texts it touches.
 */
export async function findSecrets(texts: readonly string[]): Promise<SecretSpan[]> {
  if (texts.length === 0) return [];
  const lint = await ruleSet();
  const starts: number[] = [];
  let at = 0;
  for (const text of texts) {
    starts.push(at);
    at += text.length + separator.length;
  }
  const spans: SecretSpan[] = [];
  for (const { range } of await lint(texts.join(separator))) {
    let index = upperBound(starts, range[0]) - 1;
    for (; index < texts.length && starts[index]! < range[1]; index++) {
      const start = Math.max(range[0] - starts[index]!, 0);
      const end = Math.min(range[1] - starts[index]!, texts[index]!.length);
      if (end > start) spans.push({ index, start, end });
    }
  }
  return spans;
}

/** The first position whose value is greater than `x` (binary search over ascending values). */
function upperBound(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A connection URL's `scheme://user:` and `@…`: only the password between them is a secret. */
const urlPassword = /^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:)([^@/\s]+)(@[\s\S]*)$/i;
/** A prefix that says what a secret was, kept in front of the mark (`sk_live_`, `ghp_`, `sk-ant-`, a PEM header). */
const kind = /^(?:-----BEGIN [A-Z ]*PRIVATE KEY-----|[A-Za-z]{2,10}[_-](?:[a-z]{2,5}[_-])?)/;

/** Characters of a key-like token (`[A-Za-z0-9_-]`): a span ending on one, before another, ends mid-token. */
const tokenRest = /[A-Za-z0-9_-]*/y;
const tokenChar = /[A-Za-z0-9_-]/;

/**
 * The end of a span, moved past the rest of the token it stops inside: a rule whose pattern ends on a word boundary
 * stops short of a key that ends in `-` (OpenAI project keys may), which would leave the key's tail readable.
 */
function tokenEnd(text: string, start: number, end: number): number {
  if (end <= start || end >= text.length || !tokenChar.test(text[end - 1]!)) return end;
  tokenRest.lastIndex = end;
  tokenRest.exec(text);
  return tokenRest.lastIndex;
}

/** The text with each span replaced by the mark, keeping what says what it was (never any of the secret). */
export function maskSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = '';
  let last = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const { start } = span;
    const end = tokenEnd(text, start, span.end);
    if (end <= last) continue;
    const from = Math.max(start, last);
    const found = text.slice(from, end);
    const url = urlPassword.exec(found);
    out += text.slice(last, from);
    out += url ? `${url[1]}${redactedMark}${url[3]}` : `${kind.exec(found)?.[0] ?? ''}${redactedMark}`;
    last = end;
  }
  return out + text.slice(last);
}
