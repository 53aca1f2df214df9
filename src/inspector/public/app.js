import { get } from './api.js';
import { esc, mount } from './html.js';
import { renderContent, renderContentItem } from './views/content.js';
import { renderMemory, renderRecord, renderWorking } from './views/memory.js';
import { renderSession } from './views/session.js';
import { renderSessions } from './views/sessions.js';

/** Routes on `location.hash`: a pattern, the view, and the top navigation entry it belongs to. */
const routes = [
  [/^\/?$/, (main, _m, params) => renderSessions(main, params), 'sessions'],
  [
    /^\/session\/([^/]+)\/steps$/,
    (main, m, params) => renderSession(main, m[1], params, 'steps'),
    'sessions',
  ],
  [/^\/session\/([^/]+)$/, (main, m, params) => renderSession(main, m[1], params, 'messages'), 'sessions'],
  [/^\/content$/, (main, _m, params) => renderContent(main, params), 'content'],
  [/^\/content\/([^/]+)$/, (main, m, params) => renderContentItem(main, m[1], params), 'content'],
  [/^\/memory$/, (main, _m, params) => renderMemory(main, params), 'memory'],
  [/^\/memory\/([^/]+)$/, (main, m, params) => renderRecord(main, m[1], params), 'memory'],
  [/^\/working$/, (main) => renderWorking(main), 'working'],
];

const main = document.getElementById('main');
let current = 0;

/** Renders the route of the current hash; records how long it took in `body[data-render-ms]`. */
async function route() {
  const run = ++current;
  const started = performance.now();
  const [path, query = ''] = location.hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  const found = routes.map(([re, view, nav]) => [re.exec(path), view, nav]).find(([m]) => m);
  document.body.removeAttribute('data-render-ms');
  for (const a of document.querySelectorAll('[data-nav]'))
    a.classList.toggle('active', found !== undefined && a.dataset.nav === found[2]);
  try {
    if (!found) throw new Error(`no page ${path}`);
    const m = found[0].map((s) => (s === undefined ? s : decodeURIComponent(s)));
    await found[1](main, m, params);
  } catch (error) {
    if (run === current) mount(main, `<p class="error">${esc(error.message)}</p>`);
  }
  if (run !== current) return;
  document.body.dataset.route = location.hash || '#/';
  document.body.dataset.renderMs = (performance.now() - started).toFixed(1);
}

window.addEventListener('hashchange', route);
get('/api/info')
  .then((info) => {
    const s = info.scope;
    document.getElementById('scope').textContent =
      `tenant ${s.tenant}${s.user ? ` · user ${s.user}` : ''}${s.agent ? ` · agent ${s.agent}` : ''}${info.showSecrets ? ' · secrets shown' : ''}`;
  })
  .catch(() => {});
route();
