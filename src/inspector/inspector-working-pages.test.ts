/** `GET /api/working` shows every working-memory and core-block record of the scope, past one listing page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectedTempStore } from '../../test-support/inspector/secret-cuts.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';

/** One more than the 1,000 records a listing page holds at most. */
const count = 1001;
let at: Awaited<ReturnType<typeof inspectedTempStore>>;

beforeAll(async () => {
  at = await inspectedTempStore('working');
  const longTerm = createLongTermMemory({ store: at.store, scope: at.scope, recording: 'none' });
  // A thread-scoped working memory per session: one record each.
  await longTerm.add(
    Array.from({ length: count }, (_, i) => ({
      id: `engram.working:thread:s${i}`,
      kind: 'engram.working',
      text: `# Session ${i}\nnothing yet`,
    })),
  );
});
afterAll(() => at?.close());

describe('GET /api/working', () => {
  it(`lists all ${count} records, each once`, async () => {
    const blocks = JSON.parse(await at.get('/api/working')) as { id: string; versions: unknown[] }[];
    const ids = new Set(blocks.map((b) => b.id));
    expect(blocks).toHaveLength(count);
    expect(ids.size).toBe(count);
    expect(blocks.every((b) => b.versions.length === 1)).toBe(true);
  });
});
