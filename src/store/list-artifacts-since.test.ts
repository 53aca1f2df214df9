import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { defaultScope } from '../core/scope.ts';

/** `listArtifacts(scope, session, kind, since)`: at least the artifacts written or rewritten since, on every driver. */
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('listArtifacts with since', () => {
  for (const driver of reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true })) {
    it.skipIf(driver.missing !== undefined)(
      `${driver.name}: lists what was written or rewritten since, and checks it`,
      async () => {
        const o = await driver.open();
        opened.push(o);
        const { store } = o;
        const scope = defaultScope;
        await store.createSession(scope, { id: 's' });
        const put = (id: string, data: number) =>
          store.putArtifact(scope, 's', { id, kind: 'k', fromSeq: 0, toSeq: 0, data });
        await put('a', 1);
        await put('b', 1);
        await wait(5);
        const mark = new Date();
        await wait(5);
        await put('c', 1);
        await put('a', 2);
        const since = await store.listArtifacts(scope, 's', 'k', mark);
        const ids = new Set(since.map((a) => a.id));
        expect(ids.has('a') && ids.has('c')).toBe(true);
        expect(since.find((a) => a.id === 'a')!.data).toBe(2);
        for (const a of since)
          if (a.id !== 'b') expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(mark.getTime());
        expect((await store.listArtifacts(scope, 's', 'k')).map((a) => a.id).sort()).toEqual(['a', 'b', 'c']);
        await expect(store.listArtifacts(scope, 's', 'k', new Date(Number.NaN))).rejects.toSatisfy(
          (e: unknown) => MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
        );
      },
    );
  }
});
