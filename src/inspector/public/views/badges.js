import { html } from '../html.js';

/** Health badges: one per check that found something (its findings in the tooltip), or "healthy". */
export function badges(health, { healthy = false } = {}) {
  if (health.length === 0) return healthy ? html`<span class="badge ok">healthy</span>` : '';
  const byCheck = new Map();
  for (const h of health) byCheck.set(h.check, [...(byCheck.get(h.check) ?? []), h.message]);
  return [...byCheck].map(
    ([check, messages]) =>
      html`<span class="badge" data-check="${check}" title="${messages.join('\n')}">${check}${messages.length > 1 ? ` ×${messages.length}` : ''}</span>`,
  );
}
