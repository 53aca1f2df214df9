import { get, href } from '../api.js';
import { fmt, html, mount, when } from '../html.js';

const space = (params) => params.get('space') || 'default';

/** The content store's items in a space (id, type, source, size, tokens), searchable by text, in pages. */
export async function renderContent(main, params) {
  const text = params.get('text') ?? '';
  const page = await get('/api/content', { space: space(params), text, cursor: params.get('cursor') });
  mount(
    main,
    html`<h1>Content store</h1>
      <form class="filters" id="content-form">
        <label>Space <input name="space" value="${space(params)}" size="12" /></label>
        <label>Text <input name="text" value="${text}" size="24" /></label>
        <button>Show</button>
      </form>
      ${
        page.items.length === 0
          ? html`<p class="muted">No items in space "${space(params)}".</p>`
          : html`<table class="list" id="content-items"><thead><tr><th>Item</th><th>Type</th><th>Source</th><th class="num">Size</th><th class="num">Tokens</th><th>When</th></tr></thead>
          <tbody>${page.items.map(
            (
              i,
            ) => html`<tr><td><a href="${href(`/content/${encodeURIComponent(i.id)}`, { space: space(params) })}">${i.id}</a></td><td>${i.type}</td><td>${i.source}</td>
              <td class="num">${fmt(i.size)} B</td><td class="num">${fmt(i.tokens)}</td><td>${when(i.timestamp)}</td></tr>`,
          )}</tbody></table>`
      }
      ${page.nextCursor ? html`<p><a href="${href('/content', { space: space(params), text, cursor: page.nextCursor })}">Next page</a></p>` : ''}`,
  );
  main.querySelector('#content-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    location.hash = href('/content', { space: f.get('space'), text: f.get('text') });
  });
}

const transforms = ['full', 'head', 'tail', 'filtered', 'excerpt', 'summary'];

/** One item's content through a transform (head / tail n lines, lines matching a pattern, an excerpt, a summary). */
export async function renderContentItem(main, id, params) {
  const transform = params.get('transform') || 'full';
  const arg = params.get('arg') ?? '';
  const query = { space: space(params), transform };
  if (transform === 'head' || transform === 'tail') query.n = arg || '40';
  if (transform === 'filtered') query.pattern = arg;
  if (transform === 'excerpt') query.query = arg;
  const item = await get(`/api/content/${encodeURIComponent(id)}`, query);
  const content = typeof item.content === 'string' ? item.content : JSON.stringify(item.content, null, 2);
  mount(
    main,
    html`<p><a href="${href('/content', { space: space(params) })}">← Content store</a></p>
      <h1>Item <code>${item.id}</code></h1>
      <p class="muted">${item.type} · from ${item.source} · ${fmt(item.size)} bytes · ${fmt(item.tokens)} tokens · ${when(item.timestamp)}</p>
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
      space: space(params),
      transform: f.get('transform'),
      arg: f.get('arg'),
    });
  });
}
