/**
 * What the AI SDK can decode of a file's data when a message goes to a model: it reads every inline string and
 * every `data:` URL's content as base64 (`atob`, base64url mapped to base64 first), and throws on one that does not
 * decode. A message stored with such data would fail the turn that sends it and every later one, so it is refused
 * when stored. The checks here run in linear time over the string and copy nothing unless it holds whitespace.
 */

/** ASCII whitespace, which `atob` skips (`spaces` to take it out). */
const space = /[\t\n\f\r ]/;
const spaces = /[\t\n\f\r ]/g;
/** A character outside the base64 and base64url alphabets. */
const outside = /[^A-Za-z0-9+/_-]/;

/** Why `text` does not decode as base64 (as the AI SDK decodes it), or undefined when it does. */
export function base64Issue(text: string): string | undefined {
  let s = space.test(text) ? text.replace(spaces, '') : text;
  if (s.length % 4 === 0 && s.endsWith('=')) s = s.slice(0, s.endsWith('==') ? -2 : -1);
  if (s.length % 4 === 1) return 'is not base64: its length leaves one character over';
  const bad = outside.exec(s);
  return bad ? `is not base64: it holds ${JSON.stringify(bad[0])}` : undefined;
}

/**
 * Why a `data:` URL's content does not decode as the AI SDK decodes it (what follows its first comma, as base64,
 * whatever the header says: `data:text/plain,hello` too), or undefined when it does or `url` is no data URL.
 */
export function dataUrlIssue(url: URL): string | undefined {
  if (url.protocol !== 'data:') return undefined;
  const content = url.toString().split(',')[1];
  if (content === undefined) return 'is a data URL without content (no comma)';
  const issue = base64Issue(content);
  return issue && `is a data URL whose content ${issue} (write data:<media type>;base64,<data>)`;
}

/**
 * Why a file or image part's data (bare or tagged, as the AI SDK takes it) cannot be decoded, or undefined: an
 * inline string must be base64, a `data:` URL (a `URL`, or a string that parses as one) must hold base64, and
 * tagged inline data must not be a data URL (the AI SDK refuses it there). Bytes, other URLs and provider
 * references are whatever the schema says they are.
 */
export function fileDataIssue(data: unknown): string | undefined {
  if (data instanceof URL) return dataUrlIssue(data);
  if (typeof data === 'string') return URL.canParse(data) ? dataUrlIssue(new URL(data)) : base64Issue(data);
  if (typeof data !== 'object' || data === null) return undefined;
  const tagged = data as { type?: unknown; data?: unknown; url?: unknown };
  if (tagged.type === 'url' && tagged.url instanceof URL) return dataUrlIssue(tagged.url);
  if (tagged.type !== 'data' || typeof tagged.data !== 'string') return undefined;
  if (tagged.data.startsWith('data:'))
    return 'is a data URL as inline data (the AI SDK takes it only as { type: "url", url })';
  return base64Issue(tagged.data);
}
