import type { Command } from 'commander';
import { groupDigits } from '../../core/group-digits.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { type AssemblyRecord, readAssemblyRecords } from '../../views/assembly/assembly-records.ts';
import type { ContextAssembly } from '../../views/assembly/context-assembly.ts';
import { contextSources } from '../../views/assembly/context-assembly.ts';
import { createSlidingWindowMemory } from '../../views/sliding-window-memory.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { type CliContext, integerFlag } from '../cli-context.ts';
import { contextWidth, stepsTable } from '../context-steps.ts';
import { warnIfUnfinished } from '../import-state.ts';
import { UsageError } from '../open-store.ts';
import { type OutputOptions, printRows } from '../output.ts';
import { requireSession } from '../scope-hint.ts';

interface ContextOptions {
  step?: number;
  view?: string;
  budget?: number;
  items?: boolean;
}

/** Views the command can assemble live: the ones whose read writes nothing. */
const liveViews = ['token-window', 'sliding-window'] as const;

/** What to do about a session with no recorded steps. */
const howToRecord = '(record them with agent({ recordAssembly: true }), or use --view)';

/**
 * Registers `engram context <session>`: what the model was sent, by source. Without `--step`, one row per
 * recorded step (agents with `recordAssembly`), numbered in its `step` column; with `--step n` (that number: 1 the
 * oldest, negative from the newest), that step's
 * composition by source beside the provider's count, and what was left out with its rule (`--items` lists every
 * item). With `--view token-window --budget N` (or `sliding-window`, a budget in messages) it assembles the
 * context now, without writing anything, and shows the same.
 */
export function registerContextCommand(program: Command, cli: CliContext): void {
  program
    .command('context <session>')
    .description("what the model was sent, by source: each recorded step, or one step's composition")
    .option(
      '--step <n>',
      'one recorded step, by the `step` column of the list: 1 is the oldest, -1 the newest',
      integerFlag('--step', -Number.MAX_SAFE_INTEGER),
    )
    .option('--view <name>', `assemble now with a view that writes nothing: ${liveViews.join(', ')}`)
    .option(
      '--budget <n>',
      'the view’s budget (tokens; messages for sliding-window)',
      integerFlag('--budget', 1),
    )
    .option('--items', 'list every item, with why it is in')
    .action(async (id: string, o: ContextOptions) =>
      cli.withStore(async (store) => {
        const scope = cli.scope();
        // A session an import has not finished holds only part of its messages: said on stderr, as `sessions show` does.
        warnIfUnfinished(await requireSession(store, scope, id));
        if (o.view !== undefined) {
          if (!(liveViews as readonly string[]).includes(o.view))
            throw new UsageError(
              `--view must be one of ${liveViews.join(', ')} (other views write summaries or ladder steps when they read; see their recorded steps)`,
            );
          if (o.budget === undefined) throw new UsageError('--view needs --budget <n>');
          const memory = createConversationMemory({ store, scope, sessionId: id });
          const view =
            o.view === 'token-window'
              ? createTokenWindowMemory({ conversation: memory, maxTokens: o.budget })
              : createSlidingWindowMemory({ conversation: memory, windowSize: o.budget });
          await view.read();
          printComposition(view.lastAssembly()!, undefined, o.items === true, cli.output());
          return;
        }
        const records = await readAssemblyRecords(store, scope, id);
        if (o.step === undefined) {
          if (cli.json()) process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
          else if (records.length === 0)
            process.stdout.write(`no recorded steps in session "${id}" ${howToRecord}\n`);
          else process.stdout.write(stepsTable(id, records, cli.output()));
          return;
        }
        const n = o.step;
        const index = n < 0 ? records.length + n : n - 1;
        const record = n !== 0 ? records[index] : undefined;
        if (records.length === 0)
          throw new UsageError(`--step ${o.step}: session "${id}" has no recorded steps ${howToRecord}`);
        if (!record)
          throw new UsageError(
            `--step ${o.step}: the session has ${records.length} recorded step(s) (1…${records.length}, or -1 for the newest)`,
          );
        printComposition(
          record,
          { record, step: index + 1, of: records.length },
          o.items === true,
          cli.output(),
        );
      }),
    );
}

/** The composition by source (and the provider's count), then what was left out; `items` adds every item. */
function printComposition(
  assembly: ContextAssembly,
  recorded: { record: AssemblyRecord; step: number; of: number } | undefined,
  items: boolean,
  output: OutputOptions,
): void {
  const record = recorded?.record;
  const table = { ...output, json: false };
  if (output.json) {
    process.stdout.write(`${JSON.stringify(record ?? assembly, null, 2)}\n`);
    return;
  }
  const out = process.stdout;
  const head = [
    `view ${assembly.view}`,
    assembly.budget === undefined ? undefined : `budget ${groupDigits(assembly.budget)}`,
    `counter ${assembly.counter.encoding}${assembly.counter.exact ? '' : ' (estimated)'}`,
    recorded ? `step ${recorded.step} of ${recorded.of}` : undefined,
    record?.agent ? `agent ${record.agent}` : undefined,
  ].filter(Boolean);
  out.write(`${head.join(' · ')}\n\n`);
  const total = assembly.tokens;
  const share = (n: number) => (total > 0 ? `${((n / total) * 100).toFixed(1)}%` : '');
  const rows: Record<string, unknown>[] = contextSources
    .map((source) => {
      const of = assembly.items.filter((i) => i.source === source);
      const tokens = of.reduce((n, i) => n + i.tokens, 0);
      return { source, items: of.length, tokens, share: share(tokens) };
    })
    .filter((r) => r.items > 0);
  rows.push({ source: 'total', items: assembly.items.length, tokens: total, share: total > 0 ? '100%' : '' });
  if (record?.provider) {
    rows.push({ source: 'provider reported', items: '', tokens: record.provider.inputTokens, share: '' });
    rows.push({ source: 'unattributed', items: '', tokens: record.provider.unattributed, share: '' });
  }
  printRows(rows, table, ['source', 'items', 'tokens', 'share'], contextWidth);
  if (assembly.dropped.length > 0) {
    out.write('\nleft out\n');
    printRows(
      assembly.dropped.map((d) => ({
        rule: d.rule,
        seq: d.fromSeq === undefined ? '' : d.fromSeq === d.toSeq ? d.fromSeq : `${d.fromSeq}–${d.toSeq}`,
        messages: d.messages,
        tokens: d.tokens ?? '?',
        why: d.why,
      })),
      table,
      ['rule', 'seq', 'messages', 'tokens', 'why'],
      contextWidth,
    );
  }
  if (items) {
    out.write('\nitems\n');
    printRows(
      assembly.items.map((i) => ({
        source: i.source,
        seq: i.fromSeq === undefined ? '' : i.fromSeq === i.toSeq ? i.fromSeq : `${i.fromSeq}–${i.toSeq}`,
        role: i.role ?? '',
        tokens: i.tokens,
        why: i.why,
      })),
      table,
      ['source', 'seq', 'role', 'tokens', 'why'],
      contextWidth,
    );
  }
}
