/** The token the page was opened with (`?token=`), sent with every API call. */
const token = new URLSearchParams(location.search).get('token');

/** GETs a JSON API path with query parameters (empty ones left out); throws with the server's message. */
export async function get(path, params = {}) {
  return (await getPage(path, params)).body;
}

/**
 * GETs a JSON API path as {@link get} does, with the cursor of the next page when the answer names one (a
 * `Link: <…?cursor=…>; rel="next"` header).
 */
export async function getPage(path, params = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, v);
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(body.error ?? `${res.status} ${res.statusText}`);
  const link = /<([^>]*)>;\s*rel="next"/.exec(res.headers.get('link') ?? '');
  const next = link ? (new URL(link[1], location.origin).searchParams.get('cursor') ?? undefined) : undefined;
  return { body, next };
}

/** The owner parameters of a session (`user`, `agent`) from a route's parameters. */
export const owner = (params) => ({ user: params.get('user') ?? '', agent: params.get('agent') ?? '' });

/** A route with query parameters (empty ones left out). */
export function href(path, params = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `#${path}${s ? `?${s}` : ''}`;
}

/** The route of a session's messages or steps, for its owner (`user`, `agent`), with more parameters. */
export const sessionHref = (id, who, tab = 'messages', more = {}) =>
  href(`/session/${encodeURIComponent(id)}${tab === 'steps' ? '/steps' : ''}`, {
    user: who.user,
    agent: who.agent,
    ...more,
  });
