/**
 * @module engram/content
 * Seed 004's fourth channel: a content store that keeps large payloads (web pages, database results, tool
 * output) outside the context, in scoped spaces, cites them by id and gives them back shaped by transforms;
 * compactors that describe an item in a few lines; the citation policy of the first-use view; the
 * `ContentStoreV1` contract every built-in store implements beside `MemoryStoreV1`.
 * @example
 * import { createContentStore } from 'engram';
 * const content = createContentStore({ store, scope: { tenant: 'acme' } });
 * const id = await content.store({ type: 'web_content', source: 'web_fetch', content: html });
 * const part = await content.retrieve(id, { type: 'excerpt', query: 'pricing' });
 */
export type { CitationPolicy, CitationRule, OffloadRule } from './citation-policy.ts';
export type { CompactOptions, CompactSummary, ContentCompactor } from './content-compactor.ts';
export type {
  ContentFormat,
  ContentItem,
  ContentItemInfo,
  ContentItemInput,
  ContentItemType,
} from './content-item.ts';
export type { ContentCriteria, ContentQueryPage } from './content-query.ts';
export type { HasContentItems } from './content-store-v1.ts';
export type { ContentTransform, ContentUnit, TransformResult } from './content-transform.ts';
export {
  type ContentSnapshot,
  type ContentStore,
  type ContentStoreOptions,
  createContentStore,
  type RetrievedContent,
} from './create-content-store.ts';
export { contentForSubAgent, type SubAgentContentMode } from './sub-agent-content.ts';
