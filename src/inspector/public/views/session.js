import { get, owner, sessionHref } from '../api.js';
import { fmt, html, linkIds, mount, when } from '../html.js';
import { unfinishedBadge, unfinishedWords } from './badges.js';
import { renderSteps } from './steps.js';

/** A tool call or result, labelled. */
const toolLabel = (t) =>
  html`<span class="tool ${t.type}">${t.type === 'tool-call' ? '→' : '←'} ${t.toolName} <code>${t.toolCallId}</code></span>`;

/** Rows of the message timeline. */
const rows = (messages, focus) =>
  messages.map(
    (
      m,
    ) => html`<tr class="msg role-${m.role}${m.id === focus ? ' focus' : ''}" data-seq="${m.seq}" data-id="${m.id}">
      <td class="num">${m.seq}</td>
      <td><span class="role">${m.role}</span>${m.name ? html` <span class="muted">${m.name}</span>` : ''}</td>
      <td class="num">${fmt(m.tokens)}</td>
      <td>${m.tools.map(toolLabel)}<div class="text">${linkIds(m.text)}${m.fullLength ? html`<span class="muted"> … (${fmt(m.fullLength)} characters)</span>` : ''}</div></td>
    </tr>`,
  );

/**
 * The message timeline: a page at a time (role, tokens as cached in the log, text), with "load more"; from just
 * before a message when the route names one (`?message=`), that message marked.
 */
async function renderMessages(panel, id, who, params) {
  const focus = params.get('message') ?? '';
  const first = await get(`/api/sessions/${encodeURIComponent(id)}/messages`, { ...who, message: focus });
  mount(
    panel,
    html`${first.from ? html`<p class="muted">From message #${first.from} · <a href="${sessionHref(id, who)}">from the start</a></p>` : ''}
      <table class="list timeline" id="timeline">
        <thead><tr><th class="num">#</th><th>Role</th><th class="num">Tokens</th><th>Text</th></tr></thead>
        <tbody>${rows(first.messages, focus)}</tbody>
      </table>
      <p><button id="more" ${first.next === undefined ? 'hidden' : ''}>Load more</button></p>`,
  );
  panel.querySelector('tr.focus')?.scrollIntoView({ block: 'center' });
  const body = panel.querySelector('tbody');
  const more = panel.querySelector('#more');
  let next = first.next;
  more.addEventListener('click', async () => {
    more.disabled = true;
    const page = await get(`/api/sessions/${encodeURIComponent(id)}/messages`, { ...who, after: next });
    body.insertAdjacentHTML('beforeend', rows(page.messages).map(String).join(''));
    next = page.next;
    more.disabled = false;
    more.hidden = next === undefined;
  });
}

/** A session: whether an import has not finished it, its counts, then its messages or its recorded steps. */
export async function renderSession(main, id, params, tab) {
  const who = owner(params);
  const session = await get(`/api/sessions/${encodeURIComponent(id)}`, who);
  mount(
    main,
    html`<h1>Session <code>${session.id}</code>${unfinishedBadge(session.state)}</h1>
      ${unfinishedWords[session.state] ? html`<p class="warning" id="session-state">Not the whole session: ${unfinishedWords[session.state]}.</p>` : ''}
      <p class="muted" id="session-stats">
        ${fmt(session.stats.count)} messages · ${fmt(session.stats.tokens)} tokens · last #${session.stats.lastSeq}
        · created ${when(session.createdAt)} · updated ${when(session.updatedAt)}
      </p>
      <nav class="tabs">
        <a href="${sessionHref(id, who)}" class="tab ${tab === 'messages' ? 'active' : ''}">Messages</a>
        <a href="${sessionHref(id, who, 'steps')}" class="tab ${tab === 'steps' ? 'active' : ''}" id="steps-tab">Steps</a>
      </nav>
      <section id="panel"></section>`,
  );
  const panel = main.querySelector('#panel');
  if (tab === 'steps') await renderSteps(panel, id, who, params);
  else await renderMessages(panel, id, who, params);
}
