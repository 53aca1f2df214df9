import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { ownerKey } from '../../store/state-scope.ts';
import { encodeFileName } from './file-names.ts';
import { makeDirDurable, readIfExists, splitWholeWrites, writeFileAtomic } from './files.ts';
import {
  documentText,
  fromDocument,
  recordComponent,
  replay,
  type SessionData,
  type SessionDocument,
} from './session-log.ts';

/** A tenant's `_state.json` values: by owner (`<user>\u0000<agent>`, see `ownerKey`), then by key. */
export type TenantStates = Record<string, Record<string, JSONValue>>;

/** The shape of `_state.json`. */
interface StatesFile {
  tenant: string;
  /** Values of the tenant itself (no user, no agent). */
  states: Record<string, JSONValue>;
  /** Values of the tenant's users and agents. */
  scoped?: { user?: string; agent?: string; states: Record<string, JSONValue> }[];
}

const component = 'json-file';

/** A session's identity: its owner scope and id (a `SessionRecord` is one). */
export interface SessionRef {
  scope: Scope;
  id: string;
}

/**
 * The folder of an owner's session files below a tenant folder: the tenant folder itself for the tenant (no
 * user, no agent), else `_user/<user>/`, `_agent/<agent>/` or `_user/<user>/_agent/<agent>/` (encoded names,
 * which never start with `_` and a lower-case letter).
 */
export function ownerDir(tenantDir: string, owner: Scope): string {
  let dir = tenantDir;
  if (owner.user !== undefined) dir = join(dir, '_user', encodeFileName(owner.user));
  if (owner.agent !== undefined) dir = join(dir, '_agent', encodeFileName(owner.agent));
  return dir;
}

/** Whether a file name is a session document: `<encoded id>.json` (not `_state.json`, a log or a temp file). */
export function isDocumentName(name: string): boolean {
  if (!name.endsWith('.json')) return false;
  const stem = name.slice(0, -5);
  return !stem.includes('.') && (!stem.startsWith('_') || /^_[0-9A-F]{2}/.test(stem));
}

/** The owner scope a session document records; `STORE_ERROR` when it has none. */
export function documentOwner(doc: SessionDocument, path: string): Scope {
  const record = doc.components?.[recordComponent] as { scope?: Scope } | undefined;
  if (typeof record?.scope?.tenant !== 'string') throw storeError(`corrupt session file ${path}`, 'no scope');
  return record.scope;
}

/** Lists a folder, or nothing when it does not exist. */
export async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw storeError(`cannot list ${dir}`, error);
  }
}

/** Wraps a file-system or parse failure as `STORE_ERROR`. */
export function storeError(what: string, cause: unknown): MemoryError {
  return new MemoryError({
    code: 'STORE_ERROR',
    component,
    message: `${what}: ${cause instanceof Error ? cause.message : String(cause)}`,
    cause,
  });
}

/** The files of one tenant: `<directory>/<encoded tenant>/`. */
export class TenantFiles {
  readonly dir: string;

  /** The files of `tenant` below `directory`; without `tenant`, of the tenant folder `directory` itself. */
  constructor(directory: string, tenant?: string) {
    this.dir = tenant === undefined ? directory : join(directory, encodeFileName(tenant));
  }

  /** `<owner folder>/<encoded id>.json`. */
  documentPath(ref: SessionRef): string {
    return join(ownerDir(this.dir, ref.scope), `${encodeFileName(ref.id)}.json`);
  }

  /** `<owner folder>/<encoded id>.messages.jsonl`. */
  logPath(ref: SessionRef): string {
    return join(ownerDir(this.dir, ref.scope), `${encodeFileName(ref.id)}.messages.jsonl`);
  }

  /** `_state.json`. */
  get statePath(): string {
    return join(this.dir, '_state.json');
  }

  /** Every session of the tenant, of every owner (read from the documents, so hashed names work too). */
  async sessionRefs(): Promise<SessionRef[]> {
    const dirs = [this.dir];
    const below = async (dir: string, kind: '_user' | '_agent') =>
      (await listDir(join(dir, kind))).map((name) => join(dir, kind, name));
    for (const user of await below(this.dir, '_user')) dirs.push(user, ...(await below(user, '_agent')));
    dirs.push(...(await below(this.dir, '_agent')));
    const refs: SessionRef[] = [];
    for (const dir of dirs) {
      for (const name of await listDir(dir)) {
        if (!isDocumentName(name)) continue;
        const doc = await readJsonFile<SessionDocument>(join(dir, name));
        if (doc) refs.push({ scope: documentOwner(doc, join(dir, name)), id: doc.sessionId });
      }
    }
    return refs;
  }

  /** Loads the document of the session `ref` and its messages file (not its parent). */
  async loadSession(ref: SessionRef): Promise<SessionData | undefined> {
    const doc = await readJsonFile<SessionDocument>(this.documentPath(ref));
    if (!doc || doc.sessionId !== ref.id) return undefined;
    const path = this.logPath(ref);
    try {
      const data = fromDocument(doc);
      if (ownerKey(data.record.scope) !== ownerKey(ref.scope)) return undefined;
      const buffer = await readIfExists(path);
      if (buffer) {
        // A write a crash cut short is left out, and cut off by the next write (which starts at `logSize`).
        const { lines, size } = splitWholeWrites(buffer);
        const last = replay(data, lines);
        data.logSize = size;
        if (last && last > data.record.updatedAt) data.record.updatedAt = last;
      }
      return data;
    } catch (error) {
      throw storeError(`cannot read session file ${path}`, error);
    }
  }

  /** Rewrites a session's document atomically. */
  async saveDocument(data: SessionData): Promise<void> {
    await this.ensureDir(data.record.scope);
    const text = documentText(data);
    const path = this.documentPath(data.record);
    await wrap(`cannot write ${path}`, () => writeFileAtomic(path, text));
  }

  /** Removes a session's document and messages file. */
  async removeSession(ref: SessionRef): Promise<void> {
    await wrap(`cannot remove session "${ref.id}"`, async () => {
      await rm(this.documentPath(ref), { force: true });
      await rm(this.logPath(ref), { force: true });
    });
  }

  /**
   * The tenant's `_state.json` values by owner (`<user>\u0000<agent>`): `states` holds the tenant's own values
   * (no user, no agent), `scoped` a list of `{ user?, agent?, states }` for the others.
   */
  async readStates(): Promise<TenantStates> {
    const doc = await readJsonFile<StatesFile>(this.statePath);
    const out: TenantStates = {};
    if (doc?.states && Object.keys(doc.states).length > 0) out[ownerKey({ tenant: '' })] = doc.states;
    for (const entry of doc?.scoped ?? []) {
      const owner = ownerKey({
        tenant: '',
        user: entry.user ?? undefined,
        agent: entry.agent ?? undefined,
      });
      out[owner] = { ...out[owner], ...entry.states };
    }
    return out;
  }

  /** Rewrites `_state.json` atomically (removes it when empty). */
  async writeStates(tenant: string, states: TenantStates): Promise<void> {
    await this.ensureDir();
    const text = statesText(tenant, states);
    if (text === undefined) {
      await wrap(`cannot remove ${this.statePath}`, () => rm(this.statePath, { force: true }));
      return;
    }
    await wrap(`cannot write ${this.statePath}`, () => writeFileAtomic(this.statePath, text));
  }

  /** Creates the tenant directory, or the folder of an owner's sessions in it. */
  async ensureDir(owner?: Scope): Promise<void> {
    const dir = owner ? ownerDir(this.dir, owner) : this.dir;
    await wrap(`cannot create ${dir}`, () => makeDirDurable(dir));
  }
}

/** The text of a tenant's `_state.json` holding `states`, or undefined when there are none (no file). */
export function statesText(tenant: string, states: TenantStates): string | undefined {
  if (Object.values(states).every((values) => Object.keys(values).length === 0)) return undefined;
  const none = ownerKey({ tenant: '' });
  const scoped: StatesFile['scoped'] = [];
  for (const [owner, values] of Object.entries(states)) {
    if (owner === none || Object.keys(values).length === 0) continue;
    const [user, agent] = owner.split('\u0000');
    scoped.push({ ...(user ? { user } : {}), ...(agent ? { agent } : {}), states: values });
  }
  const file: StatesFile = { tenant, states: states[none] ?? {}, ...(scoped.length ? { scoped } : {}) };
  return `${JSON.stringify({ ...file, timestamp: new Date().toISOString() }, null, 2)}\n`;
}

/** Parses a JSON file, or undefined when it does not exist; `STORE_ERROR` when it cannot be read or parsed. */
export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  const buffer = await wrap(`cannot read ${path}`, () => readIfExists(path));
  if (!buffer) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8')) as T;
  } catch (error) {
    throw storeError(`corrupt JSON in ${path}`, error);
  }
}

/** Runs a file operation, turning its failure into `STORE_ERROR`. */
export async function wrap<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (MemoryError.isInstance(error)) throw error;
    throw storeError(what, error);
  }
}
