import { describe, expect, it } from 'vitest';
import { createArtifactLog } from './artifact-log.ts';
import type { Artifact } from './memory-store.ts';

const artifact = (id: string, toSeq: number, at: number, data: unknown = id): Artifact => ({
  id,
  kind: 'k',
  fromSeq: 1,
  toSeq,
  data: data as Artifact['data'],
  createdAt: new Date(at),
});

/** A log over an in-memory listing whose rows the test writes (listed by `createdAt >= since`). */
function rig() {
  const rows = new Map<string, Artifact>();
  const log = createArtifactLog(async (since) =>
    [...rows.values()].filter((a) => since === undefined || a.createdAt >= since),
  );
  return { rows, log };
}

describe('createArtifactLog: what a load keeps', () => {
  it('appends artifacts that sort after the last load: kept is the last load whole, the same objects', async () => {
    const { rows, log } = rig();
    for (const [i, seq] of [1, 2, 3].entries()) rows.set(`a${i}`, artifact(`a${i}`, seq, 1000 + i));
    const first = await log.load();
    expect(first.kept).toBe(0);
    rows.set('b', artifact('b', 4, 1010));
    const noted = artifact('c', 5, 1011);
    log.note(noted);
    const second = await log.load();
    expect(second.kept).toBe(3);
    expect(second.artifacts.slice(0, 3)).toEqual(first.artifacts);
    for (let i = 0; i < 3; i++) expect(second.artifacts[i]).toBe(first.artifacts[i]);
    expect(second.artifacts.map((a) => a.id)).toEqual(['a0', 'a1', 'a2', 'b', 'c']);
    const third = await log.load();
    expect(third).toMatchObject({ changed: false, kept: 5 });
    expect(third.artifacts).toBe(second.artifacts);
  });

  it('a rewrite, or an artifact sorting among those listed, sorts the copy again: kept 0', async () => {
    const { rows, log } = rig();
    rows.set('a', artifact('a', 1, 1000));
    rows.set('b', artifact('b', 3, 1001));
    await log.load();
    rows.set('mid', artifact('mid', 2, 1002));
    const among = await log.load();
    expect(among.kept).toBe(0);
    expect(among.artifacts.map((a) => a.id)).toEqual(['a', 'mid', 'b']);
    rows.set('a', artifact('a', 1, 1003, 'rewritten'));
    const rewrite = await log.load();
    expect(rewrite.kept).toBe(0);
    expect(rewrite.artifacts.map((a) => [a.id, a.data])).toEqual([
      ['a', 'rewritten'],
      ['mid', 'mid'],
      ['b', 'b'],
    ]);
  });
});
