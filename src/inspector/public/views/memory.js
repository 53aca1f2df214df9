import { get, href, owner, sessionHref } from '../api.js';
import { fmt, html, linkIds, mount, when } from '../html.js';

const recordLink = (r) => html`<a href="${href(`/memory/${encodeURIComponent(r.id)}`)}">${r.id}</a>`;

/** A link to the session (and message) a record came from, for an owner; '' when it names none. */
function sourceLink(r, who) {
  const session = r.session ?? r.provenance?.session;
  if (!session) return '';
  const message = r.provenance?.messageIds?.[0];
  return html`<a class="record-session" href="${sessionHref(session, who)}">${session}</a>${
    message
      ? html` · <a class="record-message" href="${sessionHref(session, who, 'messages', { message })}">message</a>`
      : ''
  }`;
}

/** The owner of the sessions the inspector's records came from: its scope's user and agent. */
async function scopeOwner() {
  const { scope } = await get('/api/info');
  return { user: scope.user ?? '', agent: scope.agent ?? '' };
}

/** Long-term records (current versions), or with `?q=` the live retriever's hits with their scores. */
export async function renderMemory(main, params) {
  const q = params.get('q') ?? '';
  const kind = params.get('kind') ?? '';
  const who = await scopeOwner();
  const body = q
    ? await get('/api/records/search', { q }).then(
        (hits) => html`<h2>${fmt(hits.length)} hits for “${q}”</h2>
        <table class="list" id="search-hits"><thead><tr><th class="num">Score</th><th>Record</th><th>Kind</th><th class="num">Version</th><th>Text</th></tr></thead>
        <tbody>${hits.map(
          (h) =>
            html`<tr><td class="num score">${h.score.toFixed(4)}</td><td>${recordLink(h.record)}</td><td>${h.record.kind}</td><td class="num">${h.record.version}</td><td>${h.record.text}</td></tr>`,
        )}</tbody></table>`,
      )
    : await get('/api/records', { kind, cursor: params.get('cursor') }).then(
        (
          page,
        ) => html`<table class="list" id="records"><thead><tr><th>Record</th><th>Kind</th><th class="num">Version</th><th>Recorded</th><th>Valid from</th><th>From</th><th>Text</th></tr></thead>
        <tbody>${page.records.map(
          (r) =>
            html`<tr><td>${recordLink(r)}</td><td>${r.kind}</td><td class="num">${r.version}</td><td>${when(r.recordedAt)}</td><td>${when(r.validAt)}</td><td>${sourceLink(r, who)}</td><td><div class="text clip">${r.text}</div></td></tr>`,
        )}</tbody></table>
        ${page.nextCursor ? html`<p><a href="${href('/memory', { kind, cursor: page.nextCursor })}">Next page</a></p>` : ''}`,
      );
  mount(
    main,
    html`<h1>Long-term memory</h1>
      <form class="filters" id="search-form">
        <label>Search <input name="q" value="${q}" size="32" placeholder="the live retriever, with scores" /></label>
        <label>Kind <input name="kind" value="${kind}" size="8" placeholder="any" /></label>
        <button>Go</button>
      </form>
      ${body}`,
  );
  main.querySelector('#search-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    location.hash = href('/memory', { q: f.get('q'), kind: f.get('kind') });
  });
}

/**
 * A record's versions: what each did, its text, when it held (valid) and when it was the stored one (recorded);
 * `user` / `agent` in the route name its owner where several in the scope have the id.
 */
export async function renderRecord(main, id, params) {
  const { versions, origin } = await get(`/api/records/${encodeURIComponent(id)}`, owner(params));
  mount(
    main,
    html`<p><a href="#/memory">← Long-term memory</a></p>
      <h1>Record <code>${id}</code></h1>
      <p class="muted">${fmt(versions.length)} versions · ${versions.at(-1)?.kind ?? ''}</p>
      ${origin ? originLine(origin) : html`<p class="muted" id="record-origin">It names no session it came from.</p>`}
      <table class="list" id="history"><thead><tr><th class="num">Version</th><th>Event</th><th>Text</th><th>Valid from – to</th><th>Recorded from – to</th></tr></thead>
      <tbody>${versions.map(
        (
          v,
        ) => html`<tr class="${v.expiredAt ? 'expired' : 'current'}"><td class="num">${v.version}</td><td>${v.event}</td><td>${v.text}</td>
          <td>${when(v.validAt)} – ${v.invalidAt ? when(v.invalidAt) : 'open'}</td>
          <td>${when(v.recordedAt)} – ${v.expiredAt ? when(v.expiredAt) : 'current'}</td></tr>`,
      )}</tbody></table>`,
  );
}

/** The session, message and step a record came from. */
function originLine(o) {
  const who = { user: o.user ?? '', agent: o.agent ?? '' };
  return html`<p id="record-origin">From ${
    o.messageId
      ? html`<a id="origin-message" href="${sessionHref(o.session, who, 'messages', { message: o.messageId })}">message ${o.seq === undefined ? o.messageId : `#${o.seq}`}</a> of `
      : ''
  }session <a id="origin-session" href="${sessionHref(o.session, who)}">${o.session}</a></p>`;
}

/** Working memory and core blocks: each with every version (what it said, when it was recorded). */
export async function renderWorking(main) {
  const [blocks, who] = await Promise.all([get('/api/working'), scopeOwner()]);
  // The owner is said only where the inspector's scope leaves it out (then several users' blocks may share an id).
  const ownerOf = (b) => [
    !who.user && b.user && `user ${b.user}`,
    !who.agent && b.agent && `agent ${b.agent}`,
  ];
  mount(
    main,
    html`<h1>Working memory and core blocks</h1>
      ${
        blocks.length === 0
          ? html`<p class="muted">No working memory or core blocks in this scope.</p>`
          : blocks.map(
              (b) => html`<section class="block" data-block="${b.id}">
          <h2><a href="${href(`/memory/${encodeURIComponent(b.id)}`, { user: b.user, agent: b.agent })}">${b.id}</a> <span class="muted">${[...ownerOf(b), b.kind].filter(Boolean).join(' · ')} · ${fmt(b.versions.length)} versions</span></h2>
          <pre class="sent current-text">${linkIds(b.versions.at(-1)?.text ?? '')}</pre>
          <details class="block-history" open><summary>History</summary>
          <table class="list"><thead><tr><th class="num">Version</th><th>Event</th><th>Recorded</th><th>Text</th></tr></thead>
          <tbody>${[...b.versions]
            .reverse()
            .map(
              (v) =>
                html`<tr><td class="num">${v.version}</td><td>${v.event}</td><td>${when(v.recordedAt)}</td><td><div class="text">${v.text}</div></td></tr>`,
            )}</tbody></table></details></section>`,
            )
      }`,
  );
}
