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

/** What each unfinished import state means, for its badge and the session page's warning. */
export const unfinishedWords = {
  importing: 'an import is still writing this session: it holds only the messages written so far',
  incomplete: 'an import that crashed left only part of this session (import its file again to complete it)',
};

/** A badge for a session an import has not finished (`importing`, `incomplete`); nothing for a complete one. */
export function unfinishedBadge(state) {
  const words = unfinishedWords[state];
  return words ? html` <span class="badge" data-state="${state}" title="${words}">${state}</span>` : '';
}
