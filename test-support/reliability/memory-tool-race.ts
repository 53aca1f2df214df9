import { getLongTermRecords, type HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import { createMemoryFiles } from '../../src/tools/memory-tool/memory-files.ts';
import {
  createMemoryToolHandler,
  type MemoryToolHandler,
} from '../../src/tools/memory-tool/memory-tool-handler.ts';

/**
 * One round of the memory tool's race: every writer (a handle in some process) at once edits its own lines of
 * `/memories/f.md` while some writers rename that file, creates files against a cap of {@link raceMaxFiles}, and
 * creates a file and files "under" it. Each round works in its own scopes, so rounds never see each other.
 */
export const raceLines = 36;
/** The `maxFiles` of the round's cap scope. */
export const raceMaxFiles = 5;

/** What a writer was answered: one line of JSON a child prints, and the checker reads. */
export type RaceOutcome =
  | { round: number; kind: 'edit'; line: number; by: string; ok: boolean }
  | { round: number; kind: 'rename'; to: string; ok: boolean }
  | { round: number; kind: 'create'; scope: 'cap' | 'dir'; path: string; ok: boolean };

/** The scopes of one round. */
export const raceScopes = (round: number) => ({
  edit: { tenant: 'race', user: `edit-${round}` },
  cap: { tenant: 'race', user: `cap-${round}` },
  dir: { tenant: 'race', user: `dir-${round}` },
});

const initial = (i: number) => `line ${i}: todo`;
const edited = (i: number, by: string) => `line ${i}: done by ${by}`;

/** Sets a round up before its writers start: the file they edit and rename. */
export async function prepareRaceRound(store: HasLongTermRecords, round: number): Promise<void> {
  const handler = createMemoryToolHandler({ store, scope: raceScopes(round).edit });
  const text = Array.from({ length: raceLines }, (_, i) => initial(i)).join('\n');
  const answer = await handler.execute({ command: 'create', path: '/memories/f.md', file_text: text });
  if (!answer.startsWith('File created')) throw new Error(`round ${round}: ${answer}`);
}

/**
 * One writer's part of a round on `store`: writer `index` of `writers` edits lines `index, index + writers, …`;
 * when `renamer`, it renames the file to `/memories/g-<id>.md` after a random number of its edits; it also makes
 * two creates in the cap scope and one in the directory scope (`/memories/a` for even writers, else a file in
 * it). Resolves to every answer.
 */
export async function runRaceWriter(
  store: HasLongTermRecords,
  round: number,
  writer: { id: string; index: number; writers: number; renamer: boolean },
): Promise<RaceOutcome[]> {
  const scopes = raceScopes(round);
  const edit = createMemoryToolHandler({ store, scope: scopes.edit });
  const cap = createMemoryToolHandler({ store, scope: scopes.cap, maxFiles: raceMaxFiles });
  const dir = createMemoryToolHandler({ store, scope: scopes.dir });
  const ok = (text: string, prefix: string) => text.startsWith(prefix);
  const out: RaceOutcome[] = [];
  const mine = Array.from({ length: raceLines }, (_, i) => i).filter(
    (i) => i % writer.writers === writer.index,
  );
  const renameAt = writer.renamer ? Math.floor(Math.random() * (mine.length + 1)) : -1;
  const rename = async () => {
    const to = `/memories/g-${writer.id}.md`;
    const text = await edit.execute({ command: 'rename', old_path: '/memories/f.md', new_path: to });
    out.push({ round, kind: 'rename', to, ok: ok(text, 'Successfully renamed') });
  };
  const edits = async () => {
    for (const [k, i] of mine.entries()) {
      if (k === renameAt) await rename();
      const text = await edit.execute({
        command: 'str_replace',
        path: '/memories/f.md',
        old_str: initial(i),
        new_str: edited(i, writer.id),
      });
      out.push({
        round,
        kind: 'edit',
        line: i,
        by: writer.id,
        ok: ok(text, 'The memory file has been edited'),
      });
    }
    if (renameAt === mine.length) await rename();
  };
  const create = async (handler: MemoryToolHandler, scope: 'cap' | 'dir', path: string) => {
    const text = await handler.execute({ command: 'create', path, file_text: writer.id });
    out.push({ round, kind: 'create', scope, path, ok: ok(text, 'File created') });
  };
  const dirPath = writer.index % 2 === 0 ? '/memories/a' : `/memories/a/b-${writer.id}`;
  await Promise.all([
    edits(),
    create(cap, 'cap', `/memories/c-${writer.id}-1.md`).then(() =>
      create(cap, 'cap', `/memories/c-${writer.id}-2.md`),
    ),
    create(dir, 'dir', dirPath),
  ]);
  return out;
}

/**
 * Everything wrong with a round once its writers are done, read through a fresh handler on `store`: an
 * acknowledged edit missing from the file (or a refused one present), not exactly one rename won (or the file is
 * not where the winner put it), more files than the cap or a file acknowledged but absent, a file with a file
 * under it. Empty when the round held.
 */
export async function checkRaceRound(
  store: HasLongTermRecords,
  round: number,
  outcomes: RaceOutcome[],
): Promise<string[]> {
  const problems: string[] = [];
  const scopes = raceScopes(round);
  const records = getLongTermRecords(store);
  const filesOf = (scope: { tenant: string; user: string }) =>
    createMemoryFiles(records, scope, 'race-check');
  const list = async (scope: { tenant: string; user: string }) => {
    const entries = await filesOf(scope).list();
    for (const e of entries) if (e.movedTo) problems.push(`round ${round}: ${e.path} left sealed`);
    return entries.map((e) => e.path);
  };
  const mine = outcomes.filter((o) => o.round === round);

  const renames = mine.filter((o) => o.kind === 'rename' && o.ok) as { to: string }[];
  if (renames.length !== 1) problems.push(`round ${round}: ${renames.length} renames succeeded`);
  const files = await list(scopes.edit);
  const expected = renames.length === 1 ? renames[0]!.to : '/memories/f.md';
  if (files.length !== 1 || files[0] !== expected)
    problems.push(`round ${round}: edit scope holds ${JSON.stringify(files)}, expected ${expected}`);
  const content = (files.length === 0 ? '' : await filesOf(scopes.edit).read(files[0]!)) ?? '';
  for (const o of mine) {
    if (o.kind !== 'edit') continue;
    const present = content.includes(edited(o.line, o.by));
    if (o.ok && !present)
      problems.push(`round ${round}: acknowledged edit of line ${o.line} by ${o.by} lost`);
    if (!o.ok && present)
      problems.push(`round ${round}: refused edit of line ${o.line} by ${o.by} was written`);
  }

  for (const scope of ['cap', 'dir'] as const) {
    const have = await list(scopes[scope]);
    const acked = mine.filter((o) => o.kind === 'create' && o.scope === scope && o.ok) as { path: string }[];
    if (scope === 'cap' && have.length > raceMaxFiles)
      problems.push(`round ${round}: ${have.length} files under maxFiles ${raceMaxFiles}`);
    if (JSON.stringify(acked.map((o) => o.path).sort()) !== JSON.stringify(have))
      problems.push(`round ${round}: ${scope} creates acknowledged ${acked.length}, present ${have.length}`);
    for (const p of have)
      if (have.some((q) => q.startsWith(`${p}/`)))
        problems.push(`round ${round}: ${p} is a file with files under it`);
  }
  return problems;
}
