import { get, sessionHref } from '../api.js';
import { fmt, html, mount, signed, when } from '../html.js';
import { badges } from './badges.js';
import { renderStepDetail } from './step-detail.js';
import { stepsChart } from './steps-chart.js';

/** The recorded steps of a session: the chart, a table with marks and health, and the chosen step. */
export async function renderSteps(panel, id, who, params) {
  const { steps, sources } = await get(`/api/sessions/${encodeURIComponent(id)}/steps`, who);
  if (steps.length === 0) {
    mount(
      panel,
      html`<p class="muted">No steps recorded for this session (the agent's <code>recordAssembly</code> option, or <code>recordAssemblies(view)</code>, records them).</p>`,
    );
    return;
  }
  const asked = Number(params.get('step'));
  const selected = params.has('step') && steps[asked] ? asked : steps.length - 1;
  const health = steps.flatMap((s) => s.health);
  mount(
    panel,
    html`<div class="session-health">${badges(health, { healthy: true })}</div>
      ${stepsChart(steps, sources, id, who, selected, panel.clientWidth - 24)}
      <details class="steps-table"><summary>${fmt(steps.length)} steps</summary><div class="scroll">
        <table class="list"><thead><tr><th class="num">Step</th><th>Run / step</th><th>At</th><th>View</th><th class="num">Tokens</th><th class="num">Provider</th><th class="num">Unattributed</th><th>Marks</th><th>Health</th></tr></thead>
        <tbody>${steps.map(
          (s) => html`<tr class="${s.index === selected ? 'selected' : ''}">
            <td class="num"><a href="${sessionHref(id, who, 'steps', { step: s.index })}">${s.index}</a></td>
            <td>${s.run ?? ''}${s.step === null ? '' : ` / ${s.step}`}</td><td>${when(s.at)}</td><td>${s.view}</td>
            <td class="num">${fmt(s.tokens)}</td><td class="num">${s.provider ? fmt(s.provider.inputTokens) : '–'}</td>
            <td class="num">${s.provider ? signed(s.provider.unattributed) : '–'}</td>
            <td>${s.marks.map((m) => m.label).join(', ')}</td><td>${badges(s.health)}</td></tr>`,
        )}</tbody></table></div>
      </details>
      <section id="step-detail"></section>`,
  );
  await renderStepDetail(panel.querySelector('#step-detail'), id, who, selected);
}
