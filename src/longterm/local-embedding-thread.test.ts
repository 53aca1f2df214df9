import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleSnippetOutput } from '../../test-support/run-module-snippet.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createLocalEmbedding } from './local-embedding.ts';

/**
 * The model's thread with stand-in packages (CommonJS files resolved in place of the USE-lite ones): a model
 * whose behaviour a text picks — `print:` writes to stdout and stderr, `slow:` takes 300 ms, `fail:` throws,
 * `exit:` ends the thread —
 * and weights that make loading fail (a package requiring one that is not installed).
 */
const dir = mkdtempSync(join(tmpdir(), 'engram-embedding-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const model = file(
  'model.cjs',
  `exports.initModel = async (source) => {
  if (source === 'broken') require('engram-no-such-package');
  return {
    embed: async (texts) => {
      for (const t of texts) {
        if (t.startsWith('print:')) { console.log('a notice'.repeat(100)); console.warn('a warning'); }
        if (t.startsWith('slow:')) await new Promise((r) => setTimeout(r, 300));
        if (t.startsWith('fail:')) throw new Error('cannot embed ' + t);
        if (t.startsWith('exit:')) process.exit(3);
      }
      return texts.map((t) => [t.length, 1, 0]);
    },
  };
};`,
);
const weights = file('weights.cjs', "exports.modelSource = 'ok';");
const broken = file('broken.cjs', "exports.modelSource = 'broken';");
const resolver =
  (w = weights) =>
  (name: string) =>
    name === '@energetic-ai/embeddings' ? model : w;

describe('localEmbedding: the model thread', () => {
  it('a model that prints to stdout and stderr does not keep the process alive (a script that never closes it exits)', () => {
    const output = moduleSnippetOutput([
      `import { createLocalEmbedding } from ${JSON.stringify(new URL('./local-embedding.ts', import.meta.url).href)};`,
      `const paths = ${JSON.stringify({ model, weights })};`,
      "const m = createLocalEmbedding({}, (name) => (name === '@energetic-ai/embeddings' ? paths.model : paths.weights));",
      "const { embeddings } = await m.doEmbed({ values: ['print: hello', 'print: again'] });",
      "console.log('vectors', embeddings.length);",
    ]);
    expect(output).toBe('vectors 2');
  }, 30_000);

  it('packages that are installed but cannot load: MISSING_DEPENDENCY with the thread error as cause', async () => {
    const m = createLocalEmbedding({}, resolver(broken));
    const error = await expectMemoryError(() => m.load(), 'MISSING_DEPENDENCY');
    expect(error.message).toContain('npm install @energetic-ai/embeddings');
    expect(String((error.cause as Error).message)).toContain('engram-no-such-package');
    await expectMemoryError(Promise.resolve(m.doEmbed({ values: ['x'] })), 'MISSING_DEPENDENCY');
    await m.close();
  });

  it('a text the model fails on rejects with its message (not MISSING_DEPENDENCY); the next call works', async () => {
    const m = createLocalEmbedding({}, resolver());
    const error = await Promise.resolve(m.doEmbed({ values: ['fail: this one'] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MemoryError);
    expect((error as Error).message).toContain('cannot embed fail: this one');
    expect((await m.doEmbed({ values: ['fine'] })).embeddings).toEqual([[4, 1, 0]]);
    await m.close();
  });

  it('close() while a pass runs: the call rejects; close() before a queued load: the load rejects', async () => {
    const m = createLocalEmbedding({}, resolver());
    await m.load();
    const inFlight = expect(m.doEmbed({ values: ['slow: a', 'b'] })).rejects.toThrow(/stopped/);
    await new Promise((r) => setTimeout(r, 50)); // the first pass is in the thread now
    await m.close();
    await inFlight;
    const load = expect(m.load()).rejects.toThrow(/stopped/);
    await m.close();
    await load;
    expect((await m.doEmbed({ values: ['after'] })).embeddings).toHaveLength(1);
    await m.close();
  });

  it('an abort answers a call waiting behind another at once: it rejects before the running pass ends, and is skipped', async () => {
    const m = createLocalEmbedding({}, resolver());
    await m.load();
    const settled: string[] = [];
    const running = m.doEmbed({ values: ['slow: first'] }).then(() => settled.push('running done'));
    const controller = new AbortController();
    const waiting = Promise.resolve(m.doEmbed({ values: ['second'], abortSignal: controller.signal })).catch(
      (e: unknown) => settled.push(`waiting ${(e as Error).name}`),
    );
    setTimeout(() => controller.abort(), 20);
    await Promise.all([running, waiting]);
    expect(settled).toEqual(['waiting AbortError', 'running done']);
    await m.close();
  });

  it('a sparse values array is INVALID_ARGUMENT (its holes are not strings)', async () => {
    const m = createLocalEmbedding({}, resolver());
    for (const values of [new Array(2), Object.assign(new Array(2), { 1: 'a' }), ['a', undefined]])
      await expectMemoryError(Promise.resolve(m.doEmbed({ values } as never)), 'INVALID_ARGUMENT');
    await m.close();
  });

  it('a thread that dies or is stopped rejects its calls with a typed error (STORE_ERROR, STORE_CLOSED); the next call works', async () => {
    const m = createLocalEmbedding({}, resolver());
    const died = await expectMemoryError(
      Promise.resolve(m.doEmbed({ values: ['exit: now'] })),
      'STORE_ERROR',
    );
    expect(died.message).toContain('exited (code 3)');
    expect((await m.doEmbed({ values: ['fine'] })).embeddings).toEqual([[4, 1, 0]]);
    const inFlight = expectMemoryError(Promise.resolve(m.doEmbed({ values: ['slow: a'] })), 'STORE_CLOSED');
    await new Promise((r) => setTimeout(r, 50));
    await m.close();
    expect((await inFlight).message).toContain('stopped');
  });
});
