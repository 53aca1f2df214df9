import { sessionHref } from '../api.js';
import { fmt, html, raw, sourceColors } from '../html.js';

const markColors = { ladder: '#c0392b', summary: '#2c9c8f', offload: '#4aa3df' };
const markNames = { ladder: 'ladder step', summary: 'summary written', offload: 'tool result offloaded' };

/**
 * Stacked tokens per source across steps, as SVG: one bar per step (engram's items by source, then the
 * provider's unattributed remainder), the provider's count as a tick, marks above bars where a ladder step,
 * a summary or an offload happened. Each bar links to its step.
 */
export function stepsChart(steps, sources, id, who, selected) {
  const height = 200;
  const top = 18;
  // One slot per step, as wide as fits ~1,100 px (a chart of many steps scrolls sideways).
  const slot = Math.min(140, Math.max(10, Math.floor(1100 / Math.max(1, steps.length))));
  const gap = Math.max(2, Math.round(slot / 5));
  const bar = slot - gap;
  const width = steps.length * (bar + gap) + gap;
  const max = Math.max(
    1,
    ...steps.map((s) =>
      Math.max(s.tokens + Math.max(0, s.provider?.unattributed ?? 0), s.provider?.inputTokens ?? 0),
    ),
  );
  const y = (tokens) => (tokens / max) * height;
  const bars = steps.map((s, i) => {
    const x = gap + i * (bar + gap);
    let base = top + height;
    const segs = [];
    for (const source of [...sources, 'unattributed']) {
      const tokens =
        source === 'unattributed' ? Math.max(0, s.provider?.unattributed ?? 0) : (s.bySource[source] ?? 0);
      if (tokens <= 0) continue;
      const h = y(tokens);
      base -= h;
      segs.push(
        html`<rect x="${x}" y="${base.toFixed(1)}" width="${bar}" height="${h.toFixed(1)}" fill="${sourceColors[source]}"><title>${source}: ${fmt(tokens)} tokens</title></rect>`,
      );
    }
    const provider = s.provider
      ? html`<line class="provider-tick" x1="${x - 2}" x2="${x + bar + 2}" y1="${(top + height - y(s.provider.inputTokens)).toFixed(1)}" y2="${(top + height - y(s.provider.inputTokens)).toFixed(1)}"><title>provider: ${fmt(s.provider.inputTokens)} input tokens</title></line>`
      : '';
    const marks = s.marks.map(
      (m, k) =>
        html`<circle class="mark" data-mark="${m.kind}" cx="${x + bar / 2}" cy="${top - 8 - k * 7}" r="3.5" fill="${markColors[m.kind]}"><title>${m.label}</title></circle>`,
    );
    const outline =
      i === selected
        ? html`<rect class="selected" x="${x - 1.5}" y="${top - 1}" width="${bar + 3}" height="${height + 2}" fill="none"/>`
        : '';
    return html`<a href="${sessionHref(id, who, 'steps', { step: i })}" data-step-bar="${i}"><title>step ${i}: ${fmt(s.tokens)} tokens</title><rect class="hit" x="${x - gap / 2}" y="0" width="${bar + gap}" height="${top + height + 4}" fill="transparent"/>${outline}${segs}${provider}${marks}</a>`;
  });
  const legend = [...sources, 'unattributed'].map(
    (s) => html`<span class="key"><i style="background:${raw(sourceColors[s])}"></i>${s}</span>`,
  );
  return html`<figure class="chart">
    <svg id="steps-chart" viewBox="0 0 ${width} ${top + height + 4}" width="${width}" height="${top + height + 4}" role="img" aria-label="tokens per step by source">${bars}</svg>
    <figcaption>${legend}<span class="key"><i class="tick"></i>provider count</span>
      ${Object.entries(markColors).map(([k, c]) => html`<span class="key"><i class="dot" style="background:${raw(c)}"></i>${markNames[k]}</span>`)}
    </figcaption>
  </figure>`;
}
