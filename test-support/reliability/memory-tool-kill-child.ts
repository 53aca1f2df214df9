/**
 * Child script of the memory tool's SIGKILL test: on a SQLite file, edits `/memories/f.md` or `/memories/g.md`
 * (whichever holds the file) by raising its `count: n` line, printing `ack <n>` once an edit is acknowledged,
 * and renames it to the other name after each edit, as fast as it can, until the parent kills it.
 */
import { getLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import { rename, strReplace } from '../../src/tools/memory-tool/memory-tool-commands.ts';
import { childConfig, emit } from './child-process.ts';
import { killTestContext } from './memory-tool-kill.ts';
import { openReopenable } from './reopenable-stores.ts';

const { path } = childConfig<{ path: string }>();
const store = openReopenable({ path });
const ctx = killTestContext(getLongTermRecords(store));
emit('ready');
for (;;) {
  const name = (await ctx.files.read('/memories/f.md')) === undefined ? 'g' : 'f';
  const content = (await ctx.files.read(`/memories/${name}.md`)) ?? '';
  const n = Number(/count: (\d+)/.exec(content)?.[1]);
  await strReplace(ctx, `/memories/${name}.md`, `count: ${n}`, `count: ${n + 1}`);
  emit(`ack ${n + 1}`);
  await rename(ctx, `/memories/${name}.md`, `/memories/${name === 'f' ? 'g' : 'f'}.md`);
}
