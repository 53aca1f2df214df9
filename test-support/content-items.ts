import type { ContentItem } from '../src/content/content-item.ts';
import { prepareContentItem } from '../src/content/prepare-content-item.ts';
import { createEstimateTokenCounter } from '../src/tokens/estimate-token-counter.ts';

/**
 * A prepared content item `id` with `tags` (repeats dropped, as `prepareContentItem` drops them), its content `item <id>`, stamped
 * `second` seconds into 2026: what the content-tag tests write through a store's `contentItems` directly.
 */
export function taggedItem(id: string, tags: string[], second = 0): ContentItem {
  return prepareContentItem(
    {
      id,
      type: 'custom',
      source: 'test',
      content: `item ${id}`,
      tags,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
    },
    { counter: createEstimateTokenCounter(), clock: { now: () => new Date(0) }, component: 'test' },
  );
}
