/**
 * Weaves a personal-facts probe's statements into filler chatter (used by probe C): each session holds the next
 * `perSession` filler exchanges (wrapping around the list) and the statements made in it — first statements and
 * corrections, in the order of the facts — spread evenly among them, never first.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';
import type { ProbeFact, ProbeTurn } from './personal-facts-probe.ts';

/** The sessions of a probe: one list of turns per session, up to the last session any fact is said in. */
export function weaveSessions(
  facts: readonly ProbeFact[],
  filler: readonly FillerExchange[],
  perSession: number,
): ProbeTurn[][] {
  const said = facts.flatMap((f) => (f.corrected ? [f.stated, f.corrected] : [f.stated]));
  const sessions = Math.max(...said.map((x) => x.session)) + 1;
  return Array.from({ length: sessions }, (_, s) => {
    const statements = said.filter((x) => x.session === s);
    const slot = (k: number) => Math.max(1, Math.round(((k + 1) * perSession) / (statements.length + 1)));
    const turns: ProbeTurn[] = [];
    for (let j = 0; j < perSession; j++) {
      const [user, assistant] = filler[(s * perSession + j) % filler.length] ?? ['', ''];
      turns.push({ role: 'user', content: user }, { role: 'assistant', content: assistant });
      statements.forEach(({ text, reply }, k) => {
        if (slot(k) === j + 1 || (j + 1 === perSession && slot(k) > perSession))
          turns.push({ role: 'user', content: text }, { role: 'assistant', content: reply });
      });
    }
    return turns;
  });
}
