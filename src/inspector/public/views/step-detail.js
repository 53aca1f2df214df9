import { get } from '../api.js';
import { fmt, html, mount, raw, signed, sourceColors } from '../html.js';
import { badges } from './badges.js';
import { itemsOf, range } from './step-items.js';

const pct = (part, whole) => `${((part / Math.max(1, whole)) * 100).toFixed(3)}%`;

/** The prompt as a stacked bar by source, the unattributed remainder as its own segment, beside the provider's count. */
function composition(step) {
  const unattributed = step.provider?.unattributed ?? 0;
  const scale = Math.max(step.tokens + Math.max(0, unattributed), step.provider?.inputTokens ?? 0);
  const segs = step.sources.filter((s) => step.bySource[s] > 0).map((s) => [s, step.bySource[s]]);
  if (unattributed > 0) segs.push(['unattributed', unattributed]);
  const seg = ([source, tokens]) =>
    html`<button class="seg" data-source="${source}" data-tokens="${tokens}" title="${source}: ${fmt(tokens)} tokens"
      style="width:${raw(pct(tokens, scale))}${raw(source === 'unattributed' ? '' : `;background:${sourceColors[source]}`)}"><span class="seg-label">${source} ${fmt(tokens)}</span></button>`;
  return html`<div class="composition">
    <div class="bar-row"><span class="bar-label">engram's items</span><div class="bar" id="composition">${segs.map(seg)}</div>
      <span class="num bar-num" id="items-tokens">${fmt(step.tokens)}</span></div>
    ${
      step.provider
        ? html`<div class="bar-row"><span class="bar-label">provider's count</span><div class="bar"><div class="seg provider" style="width:${raw(pct(step.provider.inputTokens, scale))}"></div>${
            unattributed < 0
              ? html`<button class="seg over" data-source="unattributed" data-tokens="${unattributed}" title="engram's items count ${fmt(-unattributed)} tokens more than the provider" style="width:${raw(pct(-unattributed, scale))}"><span class="seg-label">${signed(unattributed)}</span></button>`
              : ''
          }</div>
          <span class="num bar-num" id="provider-tokens">${fmt(step.provider.inputTokens)}</span></div>
          <p class="muted" id="unattributed">Unattributed: <b>${signed(unattributed)}</b> tokens (request framing, and what the provider counts differently${unattributed < 0 ? '; negative: engram counted more than the provider reported' : ''}).</p>`
        : html`<p class="muted">No provider count recorded for this step.</p>`
    }
    <table class="list by-source"><thead><tr><th>Source</th><th class="num">Tokens</th><th class="num">Share</th><th class="num">Items</th></tr></thead>
      <tbody>${segs.map(
        ([s, t]) =>
          html`<tr><td><button class="link" data-source="${s}"><i class="sw" style="background:${raw(sourceColors[s])}"></i>${s}</button></td>
          <td class="num">${fmt(t)}</td><td class="num">${((t / Math.max(1, scale)) * 100).toFixed(1)}%</td>
          <td class="num">${s === 'unattributed' ? '–' : step.items.filter((i) => i.source === s).length}</td></tr>`,
      )}</tbody></table>
  </div>`;
}

/** Why each group of items is in, and what was left out by which rule. */
const whyInOut = (why) => html`<div class="why" id="why">
  <div><h3>Why in</h3><table class="list" id="why-in"><thead><tr><th>Source</th><th>Why</th><th class="num">Items</th><th class="num">Tokens</th><th>Log</th></tr></thead>
    <tbody>${why.in.map((w) => html`<tr><td>${w.source}</td><td>${w.why}</td><td class="num">${fmt(w.items)}</td><td class="num">${fmt(w.tokens)}</td><td>${range(w)}</td></tr>`)}</tbody></table></div>
  <div><h3>Why out</h3>${
    why.out.length === 0
      ? html`<p class="muted">Nothing was left out.</p>`
      : html`<table class="list" id="why-out"><thead><tr><th>Rule</th><th>Why</th><th class="num">Messages</th><th class="num">Tokens</th><th>Log</th></tr></thead>
    <tbody>${why.out.map((d) => html`<tr><td><span class="rule">${d.rule}</span></td><td>${d.why}</td><td class="num">${fmt(d.messages)}</td><td class="num">${d.tokens === undefined ? '–' : fmt(d.tokens)}</td><td>${range(d)}</td></tr>`)}</tbody></table>`
  }</div></div>`;

const itemLine = (i) =>
  html`<li>${i.source} ${range(i)} ${i.role ?? ''} · ${fmt(i.tokens)} tokens · <span class="muted">${i.why}</span></li>`;

/** What changed since the step before: tokens by source, items added, removed and changed. */
function diff(d, index) {
  if (!d) return html`<p class="muted">The first recorded step: nothing to compare with.</p>`;
  const list = (items, f) =>
    items.length
      ? html`<ul>${items.slice(0, 40).map(f)}</ul>${items.length > 40 ? html`<p class="muted">… ${items.length - 40} more</p>` : ''}`
      : '';
  return html`<div id="diff"><p>Since step ${index - 1}: ${
    Object.keys(d.tokensDelta).length
      ? Object.entries(d.tokensDelta).map(
          ([s, n]) => html`<span class="delta" data-source="${s}">${s} ${signed(n)}</span> `,
        )
      : 'no change in tokens by source'
  }</p>
  <details><summary>${d.added.length} added</summary>${list(d.added, itemLine)}</details>
  <details><summary>${d.removed.length} removed</summary>${list(d.removed, itemLine)}</details>
  <details><summary>${d.changed.length} changed</summary>${list(d.changed, (c) => html`<li>${c.after.source} ${range(c.after)}: ${fmt(c.before.tokens)} → ${fmt(c.after.tokens)} tokens${c.before.why === c.after.why ? '' : html` · <span class="muted">${c.before.why} → ${c.after.why}</span>`}</li>`)}</details></div>`;
}

/** One step: composition (segments list their items when clicked), health, why in / why out, diff. */
export async function renderStepDetail(el, id, who, index) {
  const step = await get(`/api/sessions/${encodeURIComponent(id)}/steps/${index}`, who);
  mount(
    el,
    html`<h2>Step ${index}${step.run ? html` <span class="muted">run ${step.run}${step.step === null ? '' : ` · step ${step.step}`}</span>` : ''}</h2>
      <p class="muted">${step.view} view · ${step.counter.exact ? `exact ${step.counter.encoding}` : 'estimated'} token counts${step.budget ? ` · budget ${fmt(step.budget)}` : ''} · log up to #${step.lastSeq}</p>
      <div class="step-health">${badges(step.health, { healthy: true })}</div>
      ${step.health.length ? html`<ul class="findings">${step.health.map((h) => html`<li>${h.message}</li>`)}</ul>` : ''}
      ${composition(step)}
      <p><button class="link" id="all-items" data-source="all">Every item as sent, in prompt order</button> <span class="muted">or click a segment to list its items.</span></p>
      <section id="items-panel"></section>
      ${whyInOut(step.why)}
      <h3>Diff</h3>${diff(step.diff, index)}`,
  );
  const panel = el.querySelector('#items-panel');
  for (const b of el.querySelectorAll('[data-source]:is(button)'))
    b.addEventListener('click', () => {
      mount(panel, itemsOf(step, b.dataset.source, id, who));
    });
}
