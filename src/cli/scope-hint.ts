import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { SessionRecord } from '../store/memory-store.ts';
import type { OpenedStore } from './open-store.ts';

/** The user and agent of a scope in words: `['user ada', 'agent planner']` (only the parts it has). */
const ownerParts = (scope: Scope): string[] => [
  ...(scope.user === undefined ? [] : [`user ${scope.user}`]),
  ...(scope.agent === undefined ? [] : [`agent ${scope.agent}`]),
];

/** A scope in words: `tenant demo / user ada / agent planner` (only the parts it has). */
export function scopeWords(scope: Scope): string {
  return [`tenant ${scope.tenant}`, ...ownerParts(scope)].join(' / ');
}

/** An owner within a tenant in words, as an `owner` column shows it: `user ada / agent planner`, `-` for neither. */
export function ownerWords(owner: Scope): string {
  return ownerParts(owner).join(' / ') || '-';
}

/** A value as one shell word: as it is when plain, else in single quotes (`'ada lovelace'`, `'o'\''brien'`). */
const shellWord = (value: string) =>
  /^[\w@%+=:,./-]+$/u.test(value) && !value.startsWith('~') ? value : `'${value.replaceAll("'", `'\\''`)}'`;

/** The flags that name a scope, to paste into a shell: `--tenant demo --user ada`, `--user 'ada lovelace'`. */
export function scopeFlags(scope: Scope): string {
  return [
    `--tenant ${shellWord(scope.tenant)}`,
    scope.user === undefined ? undefined : `--user ${shellWord(scope.user)}`,
    scope.agent === undefined ? undefined : `--agent ${shellWord(scope.agent)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** `; it exists for user ada — give --tenant demo --user ada` for the owners that have it (empty when none). */
export function existsHint(owners: readonly Scope[]): string {
  if (owners.length === 0)
    return '; it exists for no tenant, user or agent in this database (`engram ls` lists what does)';
  const shown = owners.slice(0, 5);
  const more = owners.length > shown.length ? ` and ${owners.length - shown.length} more` : '';
  return `; it exists for ${shown.map(scopeWords).join(', ')}${more} — give ${scopeFlags(owners[0] as Scope)}`;
}

/** `SESSION_NOT_FOUND` for `id` in `scope`, naming the owners that do have a session of that id. */
export async function sessionNotFound(store: OpenedStore, scope: Scope, id: string): Promise<MemoryError> {
  const owners = await store.experimental_inventory.sessionOwners(id);
  return new MemoryError({
    code: 'SESSION_NOT_FOUND',
    component: 'cli',
    message: `session "${id}" not found for ${scopeWords(scope)}${existsHint(owners)}`,
  });
}

/** `RECORD_NOT_FOUND` for `id` in `scope`, naming the owners that do have a current record of that id. */
export async function recordNotFound(store: OpenedStore, scope: Scope, id: string): Promise<MemoryError> {
  const owners = await store.experimental_inventory.recordOwners(id);
  return new MemoryError({
    code: 'RECORD_NOT_FOUND',
    component: 'cli',
    message: `record "${id}" not found for ${scopeWords(scope)}${existsHint(owners)}`,
  });
}

/** The session of `scope`, or `SESSION_NOT_FOUND` naming the owners that have that id (see {@link sessionNotFound}). */
export async function requireSession(store: OpenedStore, scope: Scope, id: string): Promise<SessionRecord> {
  const session = await store.getSession(scope, id);
  if (!session) throw await sessionNotFound(store, scope, id);
  return session;
}

/** After an empty `sessions list`: the owners that do have sessions (a line for stderr), or where to look. */
export async function elsewhereHint(store: OpenedStore, scope: Scope): Promise<string> {
  const owners = (await store.experimental_inventory.owners({ newestSessions: 0 })).filter(
    (o) => o.sessions.count > 0,
  );
  if (owners.length === 0) return 'this database has no sessions\n';
  const shown = owners.slice(0, 5).map((o) => `${scopeWords(o.scope)} (${o.sessions.count})`);
  const more = owners.length > shown.length ? ` and ${owners.length - shown.length} more` : '';
  return `no sessions for ${scopeWords(scope)}; sessions exist for ${shown.join(', ')}${more} — give ${scopeFlags(owners[0]!.scope)}, or see \`engram ls\`\n`;
}
