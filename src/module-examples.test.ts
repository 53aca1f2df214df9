import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleSnippetOutput } from '../test-support/run-module-snippet.ts';

const src = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

/** The `@example` lines of a module's doc comment, with `engram` imports pointed at the sources. */
function exampleOf(file: string): string[] {
  const doc = readFileSync(src(file), 'utf8').split('*/')[0]!;
  return doc
    .slice(doc.indexOf('@example') + '@example'.length)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .map((line) =>
      line
        .replace(
          /from 'engram\/([a-z-]+)'/,
          (_, entry: string) => `from ${JSON.stringify(src(`${entry}.ts`))}`,
        )
        .replace("from 'engram'", `from ${JSON.stringify(src('index.ts'))}`),
    );
}

describe('engram/memory-tool @example', () => {
  it('runs as written and views /memories', () => {
    const lines = exampleOf('memory-tool.ts');
    const out = moduleSnippetOutput([...lines, 'console.log(JSON.stringify(result));']);
    expect(JSON.parse(out)).toMatchObject({ isError: false, text: expect.stringContaining('/memories') });
  });
});

describe('engram/patterns @example', () => {
  it('runs as written (it lacked the required series) and opens the first episode', () => {
    const out = moduleSnippetOutput([
      ...exampleOf('patterns.ts'),
      'console.log(JSON.stringify({ series: episodes.series, session: episodes.current.sessionId }));',
    ]);
    expect(JSON.parse(out)).toEqual({ series: 'support', session: 'support/episode-1' });
  });
});
