import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import { MemoryError } from '../../../core/errors/memory-error.ts';
import { stateOwnerKey } from '../../state-scope.ts';
import { encodeFileName } from './file-names.ts';
import { readIfExists, splitLines, writeFileAtomic } from './files.ts';
import { fromDocument, replay, type SessionData, type SessionDocument, toDocument } from './session-log.ts';
import type { TenantStates } from './state-slots.ts';

/** The shape of `_state.json`. */
interface StatesFile {
  tenant: string;
  /** Values of the tenant itself (no user, no agent). */
  states: Record<string, JSONValue>;
  /** Values of the tenant's users and agents. */
  scoped?: { user?: string; agent?: string; states: Record<string, JSONValue> }[];
}

const component = 'json-file';

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

  constructor(directory: string, tenant: string) {
    this.dir = join(directory, encodeFileName(tenant));
  }

  /** `<encoded id>.json`. */
  documentPath(sessionId: string): string {
    return join(this.dir, `${encodeFileName(sessionId)}.json`);
  }

  /** `<encoded id>.messages.jsonl`. */
  logPath(sessionId: string): string {
    return join(this.dir, `${encodeFileName(sessionId)}.messages.jsonl`);
  }

  /** `_state.json`. */
  get statePath(): string {
    return join(this.dir, '_state.json');
  }

  /** Ids of the tenant's session documents (read from the documents, so hashed names work too). */
  async sessionIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw storeError(`cannot list ${this.dir}`, error);
    }
    const ids: string[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || name.startsWith('_') || name.slice(0, -5).includes('.')) continue;
      const doc = await this.readJson<SessionDocument>(join(this.dir, name));
      if (doc) ids.push(doc.sessionId);
    }
    return ids;
  }

  /** Loads a session document and its messages file (not its parent). */
  async loadSession(sessionId: string): Promise<SessionData | undefined> {
    const doc = await this.readJson<SessionDocument>(this.documentPath(sessionId));
    if (!doc || doc.sessionId !== sessionId) return undefined;
    const path = this.logPath(sessionId);
    try {
      const data = fromDocument(doc);
      const buffer = await readIfExists(path);
      if (buffer) {
        const { lines, size } = splitLines(buffer);
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
    await this.ensureDir();
    const text = `${JSON.stringify(toDocument(data), null, 2)}\n`;
    await wrap(`cannot write ${this.documentPath(data.record.id)}`, () =>
      writeFileAtomic(this.documentPath(data.record.id), text),
    );
  }

  /** Removes a session's document and messages file. */
  async removeSession(sessionId: string): Promise<void> {
    await wrap(`cannot remove session "${sessionId}"`, async () => {
      await rm(this.documentPath(sessionId), { force: true });
      await rm(this.logPath(sessionId), { force: true });
    });
  }

  /**
   * The tenant's `_state.json` values by owner (`<user>\u0000<agent>`): `states` holds the tenant's own values
   * (no user, no agent), `scoped` a list of `{ user?, agent?, states }` for the others.
   */
  async readStates(): Promise<TenantStates> {
    const doc = await this.readJson<StatesFile>(this.statePath);
    const out: TenantStates = {};
    if (doc?.states && Object.keys(doc.states).length > 0) out[stateOwnerKey({ tenant: '' })] = doc.states;
    for (const entry of doc?.scoped ?? []) {
      const owner = stateOwnerKey({
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
    if (Object.values(states).every((values) => Object.keys(values).length === 0)) {
      await wrap(`cannot remove ${this.statePath}`, () => rm(this.statePath, { force: true }));
      return;
    }
    const none = stateOwnerKey({ tenant: '' });
    const scoped: StatesFile['scoped'] = [];
    for (const [owner, values] of Object.entries(states)) {
      if (owner === none || Object.keys(values).length === 0) continue;
      const [user, agent] = owner.split('\u0000');
      scoped.push({ ...(user ? { user } : {}), ...(agent ? { agent } : {}), states: values });
    }
    const file: StatesFile = { tenant, states: states[none] ?? {}, ...(scoped.length ? { scoped } : {}) };
    const text = `${JSON.stringify({ ...file, timestamp: new Date().toISOString() }, null, 2)}\n`;
    await wrap(`cannot write ${this.statePath}`, () => writeFileAtomic(this.statePath, text));
  }

  /** Creates the tenant directory. */
  async ensureDir(): Promise<void> {
    await wrap(`cannot create ${this.dir}`, () => mkdir(this.dir, { recursive: true }));
  }

  private async readJson<T>(path: string): Promise<T | undefined> {
    const buffer = await wrap(`cannot read ${path}`, () => readIfExists(path));
    if (!buffer) return undefined;
    try {
      return JSON.parse(buffer.toString('utf8')) as T;
    } catch (error) {
      throw storeError(`corrupt JSON in ${path}`, error);
    }
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
