/** Markup that is already safe: what `html` returns, and what `raw` wraps on purpose. */
export class Safe {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

/** Marks a string as markup (only for markup built here, never for data). */
export const raw = (text) => new Safe(text);

const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attributes. */
export const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => entities[c]);

const part = (v) => (v instanceof Safe ? v.text : Array.isArray(v) ? v.map(part).join('') : esc(v));

/** A template tag: every interpolated value is escaped unless it is `Safe` (arrays are joined). */
export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((v, i) => {
    out += part(v) + strings[i + 1];
  });
  return new Safe(out);
}

/** A number with thousands separators. */
export const fmt = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : '–');

/** A signed number: +12, −3, 0. */
export const signed = (n) => (n > 0 ? `+${fmt(n)}` : n < 0 ? `−${fmt(-n)}` : '0');

/** A date and time, short. */
export const when = (iso) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 19) : '–');

/** Replaces an element's content with markup. */
export function mount(el, markup) {
  el.innerHTML = String(markup);
  return el;
}

/** Colours of the context sources (and the provider's unattributed remainder). */
export const sourceColors = {
  instructions: '#6d5bd0',
  tools: '#9c6ade',
  'working-memory': '#d9822b',
  'long-term': '#e0b431',
  summary: '#2c9c8f',
  citation: '#4aa3df',
  message: '#3b6fb6',
  'tool-result': '#8aa1c1',
  unattributed: '#b9b9b9',
};

/** Ids that name something the inspector shows: content items (`tr_…`) and long-term records (`ltm_…`). */
const idPattern = /\b(tr_[0-9a-f]{24}|ltm_[A-Za-z0-9_-]+)\b/g;

/** Text, escaped, with each content item id linked to its item and each record id to its record. */
export function linkIds(text) {
  const s = String(text ?? '');
  let out = '';
  let last = 0;
  for (const m of s.matchAll(idPattern)) {
    const id = m[1];
    const route = id.startsWith('tr_') ? 'content' : 'memory';
    out += `${esc(s.slice(last, m.index))}<a class="id-link" data-id="${esc(id)}" href="#/${route}/${encodeURIComponent(id)}">${esc(id)}</a>`;
    last = m.index + m[0].length;
  }
  return new Safe(out + esc(s.slice(last)));
}
