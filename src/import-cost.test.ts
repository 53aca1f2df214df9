import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('./index.ts', import.meta.url));

/** The modules (URLs) a fresh process loads to import `entry`, and an `Intl.NumberFormat` entry for each one made. */
function loadedBy(entry: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    const NumberFormat = Intl.NumberFormat;
    Intl.NumberFormat = function (...args) { seen.push('Intl.NumberFormat'); return new NumberFormat(...args); };
    registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });
    await import(${JSON.stringify(entry)});
    console.log(JSON.stringify(seen));`;
  const run = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as string[];
}

describe("importing engram's root entry", () => {
  it("loads chrono-node's English locale only (its root module loads all 16: 266 files, ~90 ms of every import)", () => {
    const modules = loadedBy(root);
    const chrono = modules.filter((url) => url.includes('/chrono-node/'));
    expect(chrono.length).toBeGreaterThan(0);
    expect(chrono.filter((url) => /\/locales\/(?!en\/)/.test(url))).toEqual([]);
    expect(chrono.some((url) => url.endsWith('/chrono-node/dist/esm/index.js'))).toBe(false);
  });

  it('loads no AI SDK module (`ai`, its providers): the views, tools and embedders that use it load it at first use', () => {
    expect(loadedBy(root).filter((url) => /\/node_modules\/(?:ai|@ai-sdk\/[^/]+)\//.test(url))).toEqual([]);
  });

  it('works without the AI SDK installed; a pruning view says what to install (MISSING_DEPENDENCY), the store intact', () => {
    const script = `
      import { registerHooks } from 'node:module';
      registerHooks({
        resolve(specifier, context, next) {
          if (specifier === 'ai')
            throw Object.assign(new Error("Cannot find package 'ai' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' });
          return next(specifier, context);
        },
      });
      const { createConversationMemory, createSlidingWindowMemory } = await import(${JSON.stringify(root)});
      const conversation = createConversationMemory();
      await conversation.store([{ role: 'user', content: 'hello' }]);
      const plain = await createSlidingWindowMemory({ conversation, windowSize: 4 }).read();
      const view = createSlidingWindowMemory({ conversation, windowSize: 4, prune: { toolCalls: 'all' } });
      const error = await view.read().then(() => undefined, (e) => e);
      console.log(JSON.stringify({ plain: plain.length, code: error?.code, message: error?.message, kept: (await conversation.read()).length }));`;
    const run = spawnSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      plain: 1,
      code: 'MISSING_DEPENDENCY',
      message: expect.stringMatching(/npm install ai.*Cannot find package 'ai'/),
      kept: 1,
    });
  });

  it('makes no Intl.NumberFormat (~19 ms each: ICU data), the citations make theirs when they first write one', () => {
    expect(loadedBy(root).filter((entry) => entry === 'Intl.NumberFormat')).toEqual([]);
  });

  it("property: chrono-node/en parses any text as chrono-node's root parse did (same texts, same dates)", async () => {
    const [whole, english] = await Promise.all([import('chrono-node'), import('chrono-node/en')]);
    const phrases = [
      'yesterday',
      'last week',
      'this morning',
      'tonight',
      'on Friday',
      'two days ago',
      'next month',
      '7 May 2023',
      'at noon',
      'last summer',
      'in 3 weeks',
      'the day before yesterday',
      'lundi dernier',
      'gestern',
      '昨日',
    ];
    const words = ['I', 'went', 'to', 'the', 'shop', 'and', 'what', 'did', 'we', 'eat', '?', '.'];
    await fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...phrases), fc.constantFrom(...words), fc.string()), {
          maxLength: 12,
        }),
        fc.date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (parts, now) => {
          const text = parts.join(' ');
          const read = (parse: typeof english.parse) =>
            parse(text, now, { forwardDate: false }).map((r) => [r.index, r.text, r.start.date().getTime()]);
          expect(read(english.parse)).toEqual(read(whole.parse));
        },
      ),
      { numRuns: 300 },
    );
  });
});
