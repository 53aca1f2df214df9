/**
 * A step's health findings quote recalled text: the quote must go through redaction as the text was (its case
 * kept, no word cut), since a secret lower-cased or cut short is past what the rules recognise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSecrets } from '../../test-support/inspector/fake-secrets.ts';
import { filler, inspectedTempStore, leaksPart } from '../../test-support/inspector/secret-cuts.ts';
import { createAssemblyRecorder } from '../views/assembly/assembly-records.ts';
import type { AssemblyItem } from '../views/assembly/context-assembly.ts';
import { quoteChars } from './step-health.ts';

/** Each secret's text as recalled: as it is, and padded so that a quote's cut falls inside the secret. */
const recalled = fakeSecrets(7).flatMap(({ format, text, secret }) => {
  const mid = text.indexOf(secret) + Math.floor(secret.length / 2);
  return [
    { format, secret, text },
    { format: `${format} (cut)`, secret, text: `${filler(Math.max(quoteChars - mid - 1, 0))} ${text}` },
  ];
});
let at: Awaited<ReturnType<typeof inspectedTempStore>>;

beforeAll(async () => {
  at = await inspectedTempStore('health');
  await at.memory.append({ role: 'user', content: 'hello' });
  const recorder = createAssemblyRecorder({ memory: at.memory });
  // One step per recalled text: a recall block that recalls the record holding it twice.
  for (const { text } of recalled) {
    const line = `- [2026-01-01] ${JSON.stringify(text)}`;
    const sent = ['<long_term_memory>', 'Remembered from earlier conversations.', line, line].join('\n');
    const item: AssemblyItem = { source: 'long-term', tokens: 40, why: 'recalled', role: 'user', sent };
    await recorder.record({
      view: 'test',
      counter: { encoding: 'o200k_base', exact: true },
      tokens: 40,
      items: [item],
      dropped: [],
    });
  }
});
afterAll(() => at?.close());

describe('step health quotes recalled text without showing a secret in it', () => {
  it('"recalled twice" on the list of steps and on each step', async () => {
    const { steps } = JSON.parse(await at.get('/api/sessions/s/steps')) as {
      steps: { health: { check: string; message: string }[] }[];
    };
    expect(steps).toHaveLength(recalled.length);
    for (const [i, { format, secret }] of recalled.entries()) {
      const found = steps[i]!.health.filter((h) => h.check === 'duplicate-recall');
      expect(found, format).toHaveLength(1);
      expect(leaksPart(found[0]!.message, secret), `${format}: ${found[0]!.message}`).toBe(false);
      const { health } = JSON.parse(await at.get(`/api/sessions/s/steps/${i}`)) as {
        health: { message: string }[];
      };
      for (const h of health) expect(leaksPart(h.message, secret), `${format}: ${h.message}`).toBe(false);
    }
  });
});
