import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import {
  checkContentCriteria,
  checkContentItem,
  checkReplacement,
  checkSpace,
} from '../../content/check-content.ts';
import type { ContentItem, ContentItemInfo } from '../../content/content-item.ts';
import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import { itemInfo, sameContentItem, serializeContent } from '../../content/prepare-content-item.ts';
import { matchesFilters, selectItems } from '../../content/select-items.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { encodeFileName } from './file-names.ts';
import { makeDirDurable, readIfExists, writeFileAtomic } from './files.ts';
import { ownerDir, readJsonFile, wrap } from './tenant-files.ts';

const component = 'json-file';

/** The index file of a space: every item's info (no content), timestamps in ms. */
interface IndexFile {
  version: 1;
  items: (Omit<ContentItemInfo, 'timestamp'> & { timestamp: number })[];
}

/** Runs one serialized operation with the tenant folder (the json-file store's queue and guards). */
export type ContentOperation = <T>(scope: Scope, fn: (tenantDir: string) => Promise<T>) => Promise<T>;

/** The folder of a space: `<owner folder>/_content/<encoded space>/`. */
export function spaceDir(tenantDir: string, scope: Scope, space: string): string {
  return join(ownerDir(tenantDir, scope), '_content', encodeFileName(space));
}

/** An item's content file: its id and digest in the name, so new content never overwrites what an index names. */
const contentFile = (dir: string, info: ContentItemInfo) =>
  join(dir, `${encodeFileName(info.id)}.${info.digest.slice(0, 16)}.content`);

/**
 * `ContentStoreV1` in files, beside the sessions of each owner: per space an atomic `_index.json` of every
 * item's info, and one content file per item named by its id and digest. A write puts the content file first and
 * the index after it, and removes files the index no longer names last, so a crash leaves at worst an unnamed
 * file (never an index entry without its content); `replaceItems` swaps the whole index in one atomic write.
 * `getItem` reads one file; a text query reads the content of the items its other criteria keep (no index).
 */
export function createJsonFileContentItems(op: ContentOperation): ContentStoreV1 {
  const indexes = new Map<string, Map<string, ContentItemInfo>>();

  const load = async (tenantDir: string, scope: Scope, space: string) => {
    const dir = spaceDir(tenantDir, scope, space);
    let index = indexes.get(dir);
    if (!index) {
      const file = await readJsonFile<IndexFile>(join(dir, '_index.json'));
      index = new Map((file?.items ?? []).map((i) => [i.id, { ...i, timestamp: new Date(i.timestamp) }]));
      indexes.set(dir, index);
    }
    return { dir, index };
  };

  const save = async (dir: string, index: Map<string, ContentItemInfo>) => {
    const file: IndexFile = {
      version: 1,
      items: [...index.values()].map((i) => ({ ...i, timestamp: i.timestamp.getTime() })),
    };
    await wrap(`cannot write ${dir}`, async () => {
      await makeDirDurable(dir);
      await writeFileAtomic(join(dir, '_index.json'), JSON.stringify(file));
    });
  };

  const readContent = async (dir: string, info: ContentItemInfo): Promise<ContentItem> => {
    const bytes = await wrap(`cannot read ${dir}`, () => readIfExists(contentFile(dir, info)));
    if (!bytes)
      throw new MemoryError({
        code: 'STORE_ERROR',
        component,
        message: `the content file of item "${info.id}" is missing in ${dir}`,
      });
    const text = bytes.toString('utf8');
    return {
      ...itemInfo(info as ContentItem),
      content: info.format === 'text' ? text : (JSON.parse(text) as JSONValue),
    };
  };

  const writeContent = (dir: string, item: ContentItem) =>
    wrap(`cannot write ${dir}`, async () => {
      await makeDirDurable(dir);
      await writeFileAtomic(contentFile(dir, item), serializeContent(item.format, item.content));
    });

  const removeFiles = (dir: string, infos: Iterable<ContentItemInfo>) =>
    wrap(`cannot remove files in ${dir}`, async () => {
      for (const info of infos) await rm(contentFile(dir, info), { force: true });
    });

  return {
    specificationVersion: 'v1',
    putItem: (scope, space, item) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        checkContentItem(item, component);
        const { dir, index } = await load(tenantDir, scope, space);
        const existing = index.get(item.id);
        if (existing) {
          if (sameContentItem(existing, item)) return itemInfo(existing as ContentItem);
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component,
            message: `content item "${item.id}" already exists with different content`,
          });
        }
        await writeContent(dir, item);
        const next = new Map(index).set(item.id, itemInfo(item));
        await save(dir, next);
        indexes.set(dir, next);
        return itemInfo(item);
      }),
    getItem: (scope, space, id) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        checkId(id, 'id', component);
        const { dir, index } = await load(tenantDir, scope, space);
        const info = index.get(id);
        return info && readContent(dir, info);
      }),
    getItemInfo: (scope, space, id) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        checkId(id, 'id', component);
        const info = (await load(tenantDir, scope, space)).index.get(id);
        return info && itemInfo(info as ContentItem);
      }),
    queryItems: (scope, space, criteria) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        const c = checkContentCriteria(criteria, component);
        const { dir, index } = await load(tenantDir, scope, space);
        const candidates: ContentItem[] = [];
        for (const info of index.values()) {
          if (!matchesFilters(info, c)) continue;
          candidates.push(c.words ? await readContent(dir, info) : ({ ...info, content: '' } as ContentItem));
        }
        return selectItems(candidates, c);
      }),
    deleteItem: (scope, space, id) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        checkId(id, 'id', component);
        const { dir, index } = await load(tenantDir, scope, space);
        const info = index.get(id);
        if (!info) return false;
        const next = new Map(index);
        next.delete(id);
        await save(dir, next);
        indexes.set(dir, next);
        await removeFiles(dir, [info]);
        return true;
      }),
    clearItems: (scope, space) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        const { dir, index } = await load(tenantDir, scope, space);
        if (index.size === 0) return 0;
        await save(dir, new Map());
        indexes.set(dir, new Map());
        await removeFiles(dir, index.values());
        return index.size;
      }),
    replaceItems: (scope, space, items) =>
      op(scope, async (tenantDir) => {
        checkSpace(space, component);
        checkReplacement(items, component);
        const next = new Map(items.map((item) => [item.id, itemInfo(item)] as const));
        const { dir, index } = await load(tenantDir, scope, space);
        for (const item of items) await writeContent(dir, item);
        await save(dir, next);
        indexes.set(dir, next);
        const kept = new Set([...next.values()].map((i) => contentFile(dir, i)));
        await removeFiles(
          dir,
          [...index.values()].filter((i) => !kept.has(contentFile(dir, i))),
        );
      }),
  };
}
