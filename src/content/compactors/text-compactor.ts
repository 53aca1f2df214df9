import type { ContentCompactor } from '../content-compactor.ts';
import { serializeContent } from '../prepare-content-item.ts';
import { sizeLine } from './compact-text.ts';
import { squashedHeadTail } from './squashed-head-tail.ts';

/** Plain text, the fallback: its size, then its head and tail with the cut marked. */
export const textCompactor: ContentCompactor = {
  name: 'text',
  matches: () => true,
  compact(item, options) {
    const max = options.maxChars ?? 600;
    const text = serializeContent(item.format, item.content);
    const size = sizeLine(text);
    return {
      text: `Text, ${size}: ${squashedHeadTail(text, Math.max(0, max - size.length - 8))}`.slice(0, max),
      compactor: 'text',
    };
  },
};
