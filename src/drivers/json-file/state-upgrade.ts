import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { JSONValue } from 'ai';
import {
  isOldSessionKey,
  keepsOldStateKey,
  legacyKeyPrefix,
  ownerKey,
  stateKeySession,
} from '../../store/state-scope.ts';
import { writeFileAtomic } from './files.ts';
import { documentText, fromDocument, type SessionData, type SessionDocument } from './session-log.ts';
import { withStateValue } from './state-slots.ts';
import { readJsonFile, type SessionRef, statesText, TenantFiles, wrap } from './tenant-files.ts';

/** The journal of a tenant's state upgrade, in its folder: every file it rewrites, with its new text. */
export const stateJournal = '_upgrade.json';

/** A journal: each file's path relative to the tenant folder and its new text (null: the file goes). */
interface Journal {
  files: { path: string; text: string | null }[];
}

/**
 * Moves the state keys of a layout-1 tenant folder to where layout 2 keeps them; call it once the sessions sit
 * in their owner folders. Layout 1 kept a key `session:<id>:<name>` as the component `<name>` of the document
 * of the shortest prefix id naming a session of the key's owner, or else in `_state.json` (as it did
 * `session:<id>:engram.components`, SessionManager's save). Every such key that `keepsOldStateKey` keeps is
 * stored as `putState` now stores it (in its session's document: the save as its components, other names in
 * `engram.state`); every other one becomes the plain key `legacy:<key>` of the same owner in `_state.json` (when
 * that key is already taken, it stays as it was in `_state.json`). Where layout 1 held a key twice, the
 * document's copy (the one it read) wins. The new files are first written to a journal (`_upgrade.json`) and
 * then applied; a run that finds a journal applies it again, so a crash midway is finished by the next open.
 */
export async function upgradeTenantState(dir: string): Promise<void> {
  const path = join(dir, stateJournal);
  let journal = await readJsonFile<Journal>(path);
  if (!journal) {
    journal = await planState(new TenantFiles(dir));
    if (journal.files.length === 0) return;
    const text = `${JSON.stringify(journal)}\n`;
    await wrap(`cannot write ${path}`, () => writeFileAtomic(path, text));
  }
  for (const file of journal.files) {
    const target = join(dir, file.path);
    const { text } = file;
    await wrap(`cannot write ${target}`, () =>
      text === null ? rm(target, { force: true }) : writeFileAtomic(target, text),
    );
  }
}

/** Removes a finished journal (after the layout marker is written). */
export async function removeStateJournal(dir: string): Promise<void> {
  const path = join(dir, stateJournal);
  await wrap(`cannot remove ${path}`, () => rm(path, { force: true }));
}

/** A session's key among a tenant's documents: its owner (`ownerKey`) and id. */
const docKey = (owner: string, id: string) => `${owner}\u0000${id}`;

/** What {@link upgradeTenantState} writes for one tenant folder. */
async function planState(files: TenantFiles): Promise<Journal> {
  const docs = new Map<string, { ref: SessionRef; data: SessionData; changed: boolean }>();
  for (const ref of await files.sessionRefs()) {
    const raw = await readJsonFile<SessionDocument>(files.documentPath(ref));
    if (raw) docs.set(docKey(ownerKey(ref.scope), ref.id), { ref, data: fromDocument(raw), changed: false });
  }
  const states = await files.readStates();
  const entries: { owner: string; key: string; value: JSONValue }[] = [];
  let statesChanged = false;
  for (const [owner, values] of Object.entries(states)) {
    for (const [key, value] of Object.entries(values)) {
      if (!isOldSessionKey(key)) continue;
      entries.push({ owner, key, value });
      delete values[key];
      statesChanged = true;
    }
  }
  for (const d of docs.values()) {
    const owner = ownerKey(d.ref.scope);
    for (const [name, value] of Object.entries(d.data.components)) {
      entries.push({ owner, key: `session:${d.ref.id}:${name}`, value });
      d.changed = true;
    }
    d.data.components = {};
  }
  const moved = new Set<string>();
  for (const { owner, key, value } of entries) {
    const id = stateKeySession(key);
    const doc = (sessionId: string) => docs.get(docKey(owner, sessionId));
    if (id !== undefined && keepsOldStateKey(key, (other) => doc(other) !== undefined)) {
      const d = doc(id)!;
      Object.assign(d.data, withStateValue(d.data, id, key.slice(id.length + 9), value));
      d.changed = true;
      continue;
    }
    states[owner] ??= {};
    const mine = states[owner];
    const legacy = `${legacyKeyPrefix}${key}`;
    const free = !Object.hasOwn(mine, legacy) || moved.has(`${owner}\u0000${legacy}`);
    mine[free ? legacy : key] = value;
    if (free) moved.add(`${owner}\u0000${legacy}`);
    statesChanged = true;
  }
  const journal: Journal = { files: [] };
  for (const d of docs.values()) {
    if (d.changed)
      journal.files.push({
        path: relative(files.dir, files.documentPath(d.ref)),
        text: documentText(d.data),
      });
  }
  if (statesChanged) {
    const tenant =
      [...docs.values()][0]?.ref.scope.tenant ??
      (await readJsonFile<{ tenant: string }>(files.statePath))?.tenant ??
      '';
    journal.files.push({
      path: relative(files.dir, files.statePath),
      text: statesText(tenant, states) ?? null,
    });
  }
  return journal;
}
