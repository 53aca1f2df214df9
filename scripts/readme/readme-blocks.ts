/**
 * The TypeScript blocks of README.md and docs/*.md as programs: {@link readmeBlocks} finds every ```ts block with
 * the line it starts on, and {@link runnableSource} rewrites its imports so it runs from the repository's sources: `engram`
 * and `engram/<entry>` to `src/index.ts` and `src/<entry>.ts`, the AI SDK providers and `@openai/agents` to
 * scripted stand-ins (this folder), everything else as written.
 */

import { join } from 'node:path';

/** One ```ts block of a Markdown file. */
export interface ReadmeBlock {
  /** The 1-based line of the block's first code line. */
  line: number;
  /** The block's code, as written. */
  code: string;
}

/** Every ```ts block of `markdown` (the text of `file`), in order; an unclosed block is an error naming its line. */
export function readmeBlocks(markdown: string, file = 'README.md'): ReadmeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== '```ts') continue;
    const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
    if (end < 0) throw new Error(`${file}:${i + 1}: a \`\`\`ts block is never closed`);
    blocks.push({ line: i + 2, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** The module a block's import specifier runs as, or the specifier itself. */
function target(specifier: string, root: string): string {
  if (specifier === 'engram') return join(root, 'src/index.ts');
  if (specifier.startsWith('engram/')) return join(root, 'src', `${specifier.slice('engram/'.length)}.ts`);
  if (specifier === '@ai-sdk/openai' || specifier === '@ai-sdk/anthropic')
    return join(root, 'scripts/readme/scripted-providers.ts');
  if (specifier === '@openai/agents') return join(root, 'scripts/readme/scripted-agents.ts');
  return specifier;
}

/** A block's code with its `from '…'` specifiers pointed at the sources and the scripted stand-ins under `root`. */
export function runnableSource(code: string, root: string): string {
  return code.replace(
    /(\bfrom\s+)'([^']+)'/g,
    (_m, from: string, specifier: string) => `${from}${JSON.stringify(target(specifier, root))}`,
  );
}
