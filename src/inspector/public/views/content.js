import { get, href, sessionHref } from '../api.js';
import { fmt, html, mount, when } from '../html.js';

/** The space a route names, else the first space that holds items, else `default`. */
const spaceOf = (params, listed = []) => params.get('space') || listed[0]?.space || 'default';

/** The scope's spaces with their item counts, the shown one marked. */
const spacesTable = (spaces, shown) =>
  spaces.length === 0
    ? html`<p class="muted">No content items in this scope.</p>`
    : html`<table class="list compact" id="spaces"><thead><tr><th>Space</th><th class="num">Items</th></tr></thead>
      <tbody>${spaces.map(
        (s) =>
          html`<tr data-space="${s.space}" class="${s.space === shown ? 'selected' : ''}"><td><a href="${href('/content', { space: s.space })}">${s.space}</a></td><td class="num">${fmt(s.items)}</td></tr>`,
      )}</tbody></table>`;

/** The content store: its spaces, and the items of one (id, type, source, size, tokens), searchable by text, in pages. */
export async function renderContent(main, params) {
  const text = params.get('text') ?? '';
  const { listed, spaces } = await get('/api/spaces');
  const shown = spaceOf(params, spaces);
  const space = () => shown;
  const page = await get('/api/content', { space: shown, text, cursor: params.get('cursor') });
  mount(
    main,
    html`<h1>Content store</h1>
      ${listed ? spacesTable(spaces, shown) : html`<p class="muted">This store cannot list its spaces: name one below.</p>`}
      <h2>Space <code>${shown}</code></h2>
      <form class="filters" id="content-form">
        <label>Space <input name="space" value="${space()}" size="12" /></label>
        <label>Text <input name="text" value="${text}" size="24" /></label>
        <button>Show</button>
      </form>
      ${
        page.items.length === 0
          ? html`<p class="muted">No items in space "${space()}".</p>`
          : html`<table class="list" id="content-items"><thead><tr><th>Item</th><th>Type</th><th>Source</th><th class="num">Size</th><th class="num">Tokens</th><th>When</th></tr></thead>
          <tbody>${page.items.map(
            (
              i,
            ) => html`<tr><td><a href="${href(`/content/${encodeURIComponent(i.id)}`, { space: space() })}">${i.id}</a></td><td>${i.type}</td><td>${i.source}</td>
              <td class="num">${fmt(i.size)} B</td><td class="num">${fmt(i.tokens)}</td><td>${when(i.timestamp)}</td></tr>`,
          )}</tbody></table>`
      }
      ${page.nextCursor ? html`<p><a href="${href('/content', { space: space(), text, cursor: page.nextCursor })}">Next page</a></p>` : ''}`,
  );
  main.querySelector('#content-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    location.hash = href('/content', { space: f.get('space'), text: f.get('text') });
  });
}

/** Where an item came from: the session and message that made it, and the step that first sent it. */
function origin(item) {
  const o = item.origin;
  if (!o) return '';
  const who = { user: o.user ?? '', agent: o.agent ?? '' };
  return html`<p id="item-origin">Made from ${
    o.messageId
      ? html`<a id="origin-message" href="${sessionHref(o.session, who, 'messages', { message: o.messageId })}">message ${o.seq === undefined ? o.messageId : `#${o.seq}`}</a> of `
      : ''
  }session <a id="origin-session" href="${sessionHref(o.session, who)}">${o.session}</a>${
    o.step === undefined
      ? ''
      : html` · first sent in <a id="origin-step" href="${sessionHref(o.session, who, 'steps', { step: o.step })}">step ${o.step}</a>`
  }</p>`;
}

const transforms = ['full', 'head', 'tail', 'filtered', 'excerpt', 'summary'];

/** One item's content through a transform (head / tail n lines, lines matching a pattern, an excerpt, a summary). */
export async function renderContentItem(main, id, params) {
  const transform = params.get('transform') || 'full';
  const arg = params.get('arg') ?? '';
  const query = { space: params.get('space') ?? '', transform };
  if (transform === 'head' || transform === 'tail') query.n = arg || '40';
  if (transform === 'filtered') query.pattern = arg;
  if (transform === 'excerpt') query.query = arg;
  const item = await get(`/api/content/${encodeURIComponent(id)}`, query);
  const space = () => item.space;
  const content = typeof item.content === 'string' ? item.content : JSON.stringify(item.content, null, 2);
  mount(
    main,
    html`<p><a href="${href('/content', { space: space() })}">← Content store</a></p>
      <h1>Item <code>${item.id}</code></h1>
      ${origin(item)}
      <p class="muted">space ${item.space} · ${item.type} · from ${item.source} · ${fmt(item.size)} bytes · ${fmt(item.tokens)} tokens · ${when(item.timestamp)}</p>
      <form class="filters" id="transform-form">
        <label>Transform <select name="transform">${transforms.map((t) => html`<option ${t === transform ? 'selected' : ''}>${t}</option>`)}</select></label>
        <label>Lines / pattern / query <input name="arg" value="${arg}" size="24" /></label>
        <button>Apply</button>
      </form>
      <p class="muted" id="transform-description">${item.transform.description}${item.transform.complete ? '' : ' (part of the content)'}</p>
      <pre class="content" id="item-content">${content}</pre>`,
  );
  main.querySelector('#transform-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    location.hash = href(`/content/${encodeURIComponent(id)}`, {
      space: space(),
      transform: f.get('transform'),
      arg: f.get('arg'),
    });
  });
}
