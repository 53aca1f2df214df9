import { sessionHref } from '../api.js';
import { fmt, html, linkIds, signed } from '../html.js';

/** `#12` or `#12–#15`: the log positions an item or a dropped run stands for. */
export const range = (x) =>
  x.fromSeq === undefined
    ? ''
    : x.toSeq === undefined || x.toSeq === x.fromSeq
      ? `#${x.fromSeq}`
      : `#${x.fromSeq}–#${x.toSeq}`;

/** The tool definitions as sent (one JSON object a line): each tool's name, description and input schema. */
function toolDefinitions(text, counts = []) {
  return text.split('\n').map((line, k) => {
    const tokens = counts[k]?.tokens;
    let def;
    try {
      def = JSON.parse(line);
    } catch {
      return html`<pre class="sent">${line}</pre>`;
    }
    return html`<div class="tool-def" data-tool="${def.name}"><div><code class="tool-name">${def.name}</code>${typeof tokens === 'number' ? html` <span class="muted tool-tokens">${fmt(tokens)} tokens</span>` : ''} <span class="tool-description">${def.description}</span></div>
      <pre class="sent schema">${JSON.stringify(def.parameters, null, 2)}</pre></div>`;
  });
}

const notes = {
  preview:
    'Only the first 160 characters of this text were recorded (a step recorded before whole texts were kept).',
  none: 'No text was recorded for this item.',
};

/** What the provider received for one item, and the log's original one click away when it differs. */
function itemBody(item, id, who) {
  const sent =
    item.source === 'tools' && item.textOrigin === 'sent'
      ? toolDefinitions(item.text, item.tools)
      : html`<pre class="sent">${linkIds(item.text)}</pre>`;
  const note = notes[item.textOrigin] ? html`<p class="muted note">${notes[item.textOrigin]}</p>` : '';
  const original =
    item.original === undefined
      ? ''
      : html`<details class="original"><summary>The log's original: ${fmt(item.original.length)} characters</summary><pre class="sent">${linkIds(item.original)}</pre></details>${
          item.messageId
            ? html`<p class="note"><a class="original-link" href="${sessionHref(id, who, 'messages', { message: item.messageId })}">The original in the log: message ${range(item)}</a></p>`
            : ''
        }`;
  return [note, sent, original];
}

/** The items of one source of a step (the text each sent, in full), or what the unattributed segment means. */
export function itemsOf(step, source, id, who) {
  if (source === 'unattributed')
    return html`<h3>unattributed — ${signed(step.provider?.unattributed ?? 0)} tokens</h3>
      <p class="muted">The provider's input count less engram's items: the request's framing (roles, tool schemas the counter did not see) and any difference between tokenizers. It belongs to no item.</p>`;
  const items = step.items
    .map((item, n) => ({ ...item, n }))
    .filter((i) => source === 'all' || i.source === source);
  const tokens = items.reduce((t, i) => t + i.tokens, 0);
  return html`<h3 id="items-title">${source === 'all' ? 'every item, in prompt order' : source} — <span data-count>${items.length}</span> items, <span data-tokens>${fmt(tokens)}</span> tokens</h3>
    <ol class="items" id="segment-items">${items.map(
      (i) =>
        html`<li class="item" data-item="${i.n}" data-source="${i.source}" data-text-origin="${i.textOrigin}">
          <div class="item-head"><b class="num">#${i.n}</b> <span class="source">${i.source}</span>${range(i) ? html` · <span class="log">${range(i)}</span>` : ''}${i.role ? html` · ${i.role}` : ''} · <span class="num">${fmt(i.tokens)} tokens</span> · <span class="muted why-text">${i.why}</span></div>
          ${itemBody(i, id, who)}
        </li>`,
    )}</ol>`;
}
