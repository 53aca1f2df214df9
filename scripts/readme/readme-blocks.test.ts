import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeBlocks, runnableSource } from './readme-blocks.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The Markdown a user copies code from: the README and every guide in docs/. */
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
// Inside the repository, so that a block's bare imports (`ai`, `zod`, …) resolve in its node_modules.
mkdirSync(join(root, 'test-artifacts'), { recursive: true });
const dir = mkdtempSync(join(root, 'test-artifacts', 'readme-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document's folder name among the blocks' folders: `README.md` → `README`, `docs/chat-apps.md` → `docs~chat-apps`. */
const folderOf = (document: string) => document.replace(/\.md$/, '').replaceAll('/', '~');

/**
 * Each block as its own module, in its own folder (its working directory: `memory.db` is its own file):
 * `<document folder>/line-<n>/block.ts`.
 */
const files = documents.flatMap((document) =>
  readmeBlocks(readFileSync(join(root, document), 'utf8'), document).map((block) => {
    const cwd = join(dir, folderOf(document), `line-${block.line}`);
    mkdirSync(cwd, { recursive: true });
    const file = join(cwd, 'block.ts');
    writeFileSync(file, runnableSource(block.code, root));
    return { document, block, cwd, file };
  }),
);
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    extends: join(root, 'tsconfig.json'),
    compilerOptions: { noUnusedLocals: false, rewriteRelativeImportExtensions: false },
    include: ['*/line-*/block.ts'],
  }),
);

/** `<folder>/line-<n>/block.ts(<row>,<col>)` in a compiler message as the document line it is: `docs/x.md:<n + row - 1>`. */
const documentLines = (output: string) =>
  output.replace(
    /[^\s]*?([^\s/]+)\/line-(\d+)\/block\.ts\((\d+),(\d+)\)/g,
    (_m, folder: string, start: string, row: string, col: string) =>
      `${folder.replaceAll('~', '/')}.md:${Number(start) + Number(row) - 1}:${col}`,
  );

describe('README.md and docs/*.md: every TypeScript block type-checks and runs as written (models scripted)', () => {
  it('finds the blocks', () => {
    expect(files.filter((f) => f.document === 'README.md').length).toBeGreaterThanOrEqual(10);
    expect(files.filter((f) => f.document.startsWith('docs/')).length).toBeGreaterThanOrEqual(5);
  });

  it('type-checks every block against the sources', () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`Blocks do not type-check:\n${documentLines(r.stdout + r.stderr)}`);
  }, 180_000);

  for (const { document, block, cwd, file } of files) {
    it(`${document}:${block.line}`, () => {
      runProgram(file, cwd, `${document}:${block.line}: the block`);
    }, 120_000);
  }

  // A block that exports a route handler (`export const POST`) and does not call it itself is also called, as a
  // server would call it, with the body `useChat` sends; its reply must stream to the end and be in the chat it
  // stored (`chats.db` in the default scope, as those blocks have it).
  const routes = files.filter(
    (f) => /\bexport const POST\b/.test(f.block.code) && !/\bPOST\(/.test(f.block.code),
  );
  it('finds the route blocks that are not called by their own code', () => {
    expect(routes.length).toBeGreaterThanOrEqual(2);
  });
  for (const { document, block, cwd } of routes) {
    it(`${document}:${block.line}: its POST answers a chat request and stores the turn`, () => {
      const call = join(cwd, 'call.ts');
      writeFileSync(call, routeCall(root));
      const stdout = runProgram(call, cwd, `${document}:${block.line}: the route`);
      expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
        status: 200,
        finished: true,
        stored: ['user', 'assistant'],
      });
    }, 120_000);
  }
});

/**
 * Runs a TypeScript program in `cwd` with no provider keys in its environment (every model is scripted); its
 * standard output, or an error saying `what` failed, with its output.
 */
function runProgram(file: string, cwd: string, what: string): string {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  const r = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', file], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 100_000,
  });
  if (r.status !== 0)
    throw new Error(`${what} failed (exit ${r.status ?? r.signal})\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

/**
 * A program that imports a route block's `POST` (from `./block.ts`), calls it with a first message as `useChat`
 * sends it, reads the streamed reply to its end, and prints the status, whether the stream finished, and the roles
 * the chat store then loads from the block's `chats.db`.
 */
function routeCall(root: string): string {
  const source = (entry: string) => JSON.stringify(join(root, 'src', `${entry}.ts`));
  return `import { POST } from './block.ts';
import { createChatStore } from ${source('ai-sdk')};
import { createSqliteStore } from ${source('sqlite')};

const body = { id: 'chat-route', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }] };
const response = await POST(
  new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }),
);
const text = await response.text();
const store = createSqliteStore({ path: 'chats.db' });
const loaded = await createChatStore({ store }).load('chat-route');
await store.close();
console.log(
  JSON.stringify({
    status: response.status,
    finished: text.includes('"type":"finish"'),
    stored: loaded.map((m) => m.role),
  }),
);
`;
}
