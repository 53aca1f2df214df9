import { readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import { ownerKey } from '../../store/state-scope.ts';
import { makeDirDurable, readIfExists, syncDirectory, writeFileAtomic } from './files.ts';
import { recordComponent, type SessionDocument } from './session-log.ts';
import { removeStateJournal, upgradeTenantState } from './state-upgrade.ts';
import { documentOwner, isDocumentName, listDir, ownerDir, readJsonFile, wrap } from './tenant-files.ts';

/** The file that marks a json-file directory as laid out by owner (layout 2). */
export const layoutMarker = '_engram.json';

/**
 * Brings a json-file directory to layout 2, where a session's files sit in its owner's folder (`ownerDir`), so
 * two owners may each have a session `chat`, and a session's state keys `session:<id>:<name>` live in its
 * document's reserved `engram.state` component, apart from the components SessionManager saves. Layout 1 kept
 * every session of a tenant in the tenant folder, with ids unique per tenant, and those keys as components.
 * Runs once per directory: a directory with `_engram.json` is done; an empty or missing one only gets the
 * marker. Otherwise, in every tenant folder, each fork of another owner's session first records that owner
 * (`parentScope`, as the parent's id is no longer unique), then each user's or agent's session moves to its
 * owner folder (log first, then document, each by rename), then the state keys move (`upgradeTenantState`,
 * which keeps a key under its name only where layout 1 and layout 2 read it as the same session's, and makes
 * the others `legacy:<key>`). Every step can be repeated, so a crash midway is finished by the next open; the
 * marker is written last. (Layout 2 was never released before it gained `engram.state`.)
 */
export async function upgradeLayout(directory: string): Promise<void> {
  const marker = join(directory, layoutMarker);
  if (await wrap(`cannot read ${marker}`, () => readIfExists(marker))) return;
  const entries = await wrap(`cannot list ${directory}`, () =>
    readdir(directory, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    }),
  );
  // Tenant folders only: other files may share the directory.
  const tenants = entries.filter((entry) => entry.isDirectory()).map((entry) => join(directory, entry.name));
  for (const dir of tenants) {
    await upgradeTenant(dir);
    await upgradeTenantState(dir);
  }
  await wrap(`cannot create ${directory}`, () => makeDirDurable(directory));
  const text = `${JSON.stringify({ engram: 'json-file', layout: 2 })}\n`;
  await wrap(`cannot write ${marker}`, () => writeFileAtomic(marker, text));
  for (const dir of tenants) await removeStateJournal(dir);
}

/** Upgrades one tenant folder (see {@link upgradeLayout}). */
async function upgradeTenant(dir: string): Promise<void> {
  const docs: { name: string; doc: SessionDocument; owner: string }[] = [];
  for (const name of await listDir(dir)) {
    if (!isDocumentName(name)) continue;
    const doc = await readJsonFile<SessionDocument>(join(dir, name));
    if (doc) docs.push({ name, doc, owner: ownerKey(documentOwner(doc, join(dir, name))) });
  }
  const byId = new Map(docs.map((d) => [d.doc.sessionId, d]));
  for (const d of docs) {
    const record = d.doc.components[recordComponent] as Record<string, JSONValue>;
    const parent = typeof record.parentId === 'string' ? byId.get(record.parentId) : undefined;
    if (!parent || record.parentScope !== undefined || parent.owner === d.owner) continue;
    record.parentScope = (parent.doc.components[recordComponent] as Record<string, JSONValue>).scope!;
    const path = join(dir, d.name);
    await wrap(`cannot write ${path}`, () => writeFileAtomic(path, `${JSON.stringify(d.doc, null, 2)}\n`));
  }
  const tenantOwner = ownerKey({ tenant: '' });
  for (const d of docs) {
    if (d.owner === tenantOwner) continue;
    const target = ownerDir(dir, documentOwner(d.doc, join(dir, d.name)));
    const log = `${d.name.slice(0, -5)}.messages.jsonl`;
    await wrap(`cannot create ${target}`, () => makeDirDurable(target));
    await wrap(`cannot move session files to ${target}`, async () => {
      await rename(join(dir, log), join(target, log)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // no log yet, or moved before a crash
      });
      await rename(join(dir, d.name), join(target, d.name));
      await syncDirectory(target);
      await syncDirectory(dir);
    });
  }
}
