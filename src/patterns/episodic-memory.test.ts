import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';

const counter = createEstimateTokenCounter();
const sqlite = tempSqliteStores('episodic');
const scope = { tenant: 't' };

describe('openEpisodicMemory: any episode the log takes can be closed', () => {
  it('an episode with a lone surrogate, a NUL, or a transcript cut inside a surrogate pair closes and is recalled', async () => {
    const store = sqlite();
    const episodic = await openEpisodicMemory({ store, scope, series: 'help', counter });
    const contents = [
      'printer jams \uD800 on every page',
      'router \u0000 password',
      `${'a '.repeat(32_767)}a\u{1F600} volcano`, // the 65,536th code unit is inside the emoji
    ];
    for (const [i, content] of contents.entries()) {
      await episodic.store({ role: 'user', content });
      expect(await episodic.startNewEpisode({ i })).toMatchObject({ index: i + 1, messageCount: 1 });
    }
    expect((await episodic.episodes()).map((e) => e.metadata.i)).toEqual([0, 1, 2]);
    expect((await episodic.recallEpisode('printer jams'))?.info.index).toBe(1);
    expect((await episodic.recallEpisode('router password'))?.info.index).toBe(2);
    store.close();
  });
});
