import { describe, expect, it } from 'vitest';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { checkContentCriteria } from './check-content.ts';
import { createContentStore } from './create-content-store.ts';

describe('checkContentCriteria timeRange', () => {
  it('refuses a timeRange that is not { start?, end? } instead of ignoring it and matching every time', async () => {
    const content = createContentStore({ counter: createEstimateTokenCounter() });
    await content.store({ type: 'custom', source: 's', content: 'old', timestamp: new Date('2020-01-01') });
    const since = new Date('2025-01-01');
    // Each was taken as no range at all: the 2020 item came back for a query meant to start in 2025.
    for (const timeRange of [
      { from: since },
      { after: since },
      { start: since, stop: since },
      [since],
      [],
      since,
    ]) {
      const error = await expectMemoryError(content.query({ timeRange } as never), 'INVALID_QUERY');
      expect(error.message).toContain('timeRange');
    }
    expect(checkContentCriteria({ timeRange: { start: since, end: undefined } }, 'content').startMs).toBe(
      since.getTime(),
    );
    const bare = Object.assign(Object.create(null) as object, { end: since });
    expect(checkContentCriteria({ timeRange: bare }, 'content').endMs).toBe(since.getTime());
    expect((await content.query({ timeRange: { start: since } })).items).toEqual([]);
  });
});
