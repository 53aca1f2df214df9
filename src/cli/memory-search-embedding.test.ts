import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { localEmbedding } from '../longterm/local-embedding.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-cli-embedding-'));
const db = join(dir, 'memory.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const store = await openSqliteStore({ path: db });
  const embedding = localEmbedding();
  const longTerm = createLongTermMemory({ store, scope: { tenant: 'acme', user: 'ada' }, embedding });
  await longTerm.add([
    'The train to Porto leaves at noon.',
    'I adopted a puppy named Biscuit last spring.',
    'My sister works at a bakery in Braga.',
  ]);
  await longTerm.flush();
  await embedding.close();
  await store.close();
}, 60_000);

describe('engram memory search --local-embedding', () => {
  it('ranks by the stored vectors too: a paraphrase sharing no word is found; without the flag it is not', async () => {
    const at = [
      '--db',
      db,
      '--tenant',
      'acme',
      '--user',
      'ada',
      '--json',
      'memory',
      'search',
      'canine companion',
    ];
    const [words, hybrid] = await Promise.all([
      runEngramAsync(...at),
      runEngramAsync(...at, '--local-embedding'),
    ]);
    expect(words.code, words.err).toBe(0);
    expect(JSON.parse(words.out)).toEqual([]);
    expect(hybrid.code, hybrid.err).toBe(0);
    expect(JSON.parse(hybrid.out)[0].text).toBe('I adopted a puppy named Biscuit last spring.');
  }, 60_000);
});
