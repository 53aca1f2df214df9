import { getPage, href, sessionHref } from '../api.js';
import { fmt, html, mount, when } from '../html.js';
import { unfinishedBadge } from './badges.js';

/** The sessions of the scope, a page at a time (`?cursor=`): id (marked when an import has not finished it), owner, messages, tokens, recorded steps, last update. */
export async function renderSessions(main, params) {
  const cursor = params?.get('cursor') ?? undefined;
  const { body: sessions, next } = await getPage('/api/sessions', { cursor });
  const row = (s) => {
    const link = sessionHref(s.id, s);
    return html`<tr data-session="${s.id}">
      <td><a href="${link}">${s.id}</a>${unfinishedBadge(s.state)}</td>
      <td>${s.user ?? ''}${s.agent ? ` / ${s.agent}` : ''}</td>
      <td class="num" data-col="messages">${fmt(s.messages)}</td>
      <td class="num" data-col="tokens">${fmt(s.tokens)}</td>
      <td class="num">${s.steps ? html`<a href="${sessionHref(s.id, s, 'steps')}">${fmt(s.steps)}</a>` : '–'}</td>
      <td>${when(s.updatedAt)}</td>
    </tr>`;
  };
  mount(
    main,
    html`<h1>Sessions</h1>
      ${
        sessions.length === 0
          ? html`<p class="muted">No sessions in this scope.</p>`
          : html`<table class="list" id="sessions">
              <thead><tr><th>Session</th><th>Owner</th><th class="num">Messages</th><th class="num">Tokens</th><th class="num">Steps</th><th>Updated</th></tr></thead>
              <tbody>${sessions.map(row)}</tbody>
            </table>`
      }
      ${next ? html`<p><a id="next-sessions" href="${href('/', { cursor: next })}">Next page</a></p>` : ''}`,
  );
}
