import type { CompactOptions, CompactSummary, ContentCompactor } from '../content-compactor.ts';
import type { ContentItem, ContentItemInfo } from '../content-item.ts';
import { serializeContent } from '../prepare-content-item.ts';
import { htmlCompactor } from './html-compactor.ts';
import { jsonCompactor } from './json-compactor.ts';
import { tableCompactor } from './table-compactor.ts';
import { textCompactor } from './text-compactor.ts';

/** The built-in deterministic compactors, in the order they are tried (text matches everything). */
export const builtInCompactors: readonly ContentCompactor[] = [
  htmlCompactor,
  tableCompactor,
  jsonCompactor,
  textCompactor,
];

/** Chooses and runs compactors. */
export interface CompactorRegistry {
  /** The compactor for an item: a user compactor first, then html, table, json, text. */
  select(info: ContentItemInfo, sample: string): ContentCompactor;
  /** The item's summary by its compactor; if that throws, by the next matching one (text last, which never fails). */
  compact(item: ContentItem, options?: CompactOptions): Promise<CompactSummary>;
}

/** How much of the content the matchers look at. */
const sampleChars = 4096;

/**
 * A registry of compactors: `compactors` (tried first, in order) then the built-in ones. A compactor that
 * throws is skipped for the next one that matches, so `compact` always returns a summary.
 */
export function createCompactorRegistry(
  options: { compactors?: readonly ContentCompactor[] } = {},
): CompactorRegistry {
  const all = [...(options.compactors ?? []), ...builtInCompactors];
  const sampleOf = (item: ContentItem) => serializeContent(item.format, item.content).slice(0, sampleChars);
  return {
    select: (info, sample) => all.find((c) => c.matches(info, sample)) ?? textCompactor,
    async compact(item, compactOptions = {}) {
      const sample = sampleOf(item);
      for (const c of all) {
        if (!c.matches(item, sample)) continue;
        try {
          return await c.compact(item, compactOptions);
        } catch {
          // the next matching compactor takes over
        }
      }
      return textCompactor.compact(item, compactOptions);
    },
  };
}
