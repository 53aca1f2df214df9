import { sessionHref } from '../api.js';
import { fmt, html, raw, sourceColors } from '../html.js';

const markColors = { ladder: '#c0392b', summary: '#2c9c8f', offload: '#4aa3df' };
const markNames = { ladder: 'ladder step', summary: 'summary written', offload: 'tool result offloaded' };

/** A round step for `ticks` axis ticks up to `max`: 1, 2 or 5 times a power of ten. */
function tickStep(max, ticks) {
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/** Short token counts for the axis: 950, 12k, 1.2M. */
const short = (n) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n);

/** The axes: tokens on the left (ticks and grid lines), steps below (every label that fits). */
function axes({ left, top, height, width, max, tick, y, steps, x, slot }) {
  const ticks = [];
  for (let t = 0; t <= max; t += tick) ticks.push(t);
  const every = Math.max(1, Math.ceil(28 / slot));
  const base = top + height;
  return html`<g class="axis y-axis">${ticks.map(
    (
      t,
    ) => html`<line class="grid" x1="${left}" x2="${width}" y1="${(base - y(t)).toFixed(1)}" y2="${(base - y(t)).toFixed(1)}"/>
      <text class="tick-label" x="${left - 6}" y="${(base - y(t) + 4).toFixed(1)}" text-anchor="end">${short(t)}</text>`,
  )}<text class="axis-title" transform="translate(12 ${top + height / 2}) rotate(-90)" text-anchor="middle">tokens</text>
    <line class="axis-line" x1="${left}" x2="${left}" y1="${top}" y2="${base}"/></g>
    <g class="axis x-axis"><line class="axis-line" x1="${left}" x2="${width}" y1="${base}" y2="${base}"/>${steps.map(
      (_, i) =>
        i % every === 0 || i === steps.length - 1
          ? html`<text class="step-label" data-step-label="${i}" x="${x(i)}" y="${base + 14}" text-anchor="middle">${i}</text>`
          : '',
    )}<text class="axis-title" x="${left + (width - left) / 2}" y="${base + 30}" text-anchor="middle">step</text></g>`;
}

/**
 * Stacked tokens per source across steps, as SVG: one bar per step (engram's items by source, then the
 * provider's unattributed remainder), the provider's count as a tick, marks above bars where a ladder step,
 * a summary or an offload happened, a tokens axis and step labels. Each bar links to its step. It fits `fit`
 * pixels, down to 10 px a step (more steps scroll sideways inside the figure).
 */
export function stepsChart(steps, sources, id, who, selected, fit = 1100) {
  const height = 200;
  const top = 18;
  const left = 52;
  const bottom = 36;
  const slot = Math.min(140, Math.max(10, Math.floor((fit - left - 8) / Math.max(1, steps.length))));
  const gap = Math.max(2, Math.round(slot / 5));
  const bar = slot - gap;
  const width = left + steps.length * (bar + gap) + gap;
  const peak = Math.max(
    1,
    ...steps.map((s) =>
      Math.max(s.tokens + Math.max(0, s.provider?.unattributed ?? 0), s.provider?.inputTokens ?? 0),
    ),
  );
  const tick = tickStep(peak, 4);
  const max = Math.ceil(peak / tick) * tick;
  const y = (tokens) => (tokens / max) * height;
  const bars = steps.map((s, i) => {
    const x = left + gap + i * (bar + gap);
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
  const frame = axes({
    left,
    top,
    height,
    width,
    max,
    tick,
    y,
    steps,
    slot,
    x: (i) => left + gap + i * (bar + gap) + bar / 2,
  });
  const legend = [...sources, 'unattributed'].map(
    (s) => html`<span class="key"><i style="background:${raw(sourceColors[s])}"></i>${s}</span>`,
  );
  return html`<figure class="chart">
    <svg id="steps-chart" viewBox="0 0 ${width} ${top + height + bottom}" width="${width}" height="${top + height + bottom}" role="img" aria-label="tokens per step by source">${frame}${bars}</svg>
    <figcaption>${legend}<span class="key"><i class="tick"></i>provider count</span>
      ${Object.entries(markColors).map(([k, c]) => html`<span class="key"><i class="dot" style="background:${raw(c)}"></i>${markNames[k]}</span>`)}
    </figcaption>
  </figure>`;
}
