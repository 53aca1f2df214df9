import type { SessionData } from './session-log.ts';
import type { TenantFiles, TenantStates } from './tenant-files.ts';

/** One tenant's cache: loaded sessions (null: known missing), whether the folder was listed, its states. */
export interface TenantCache {
  tenant: string;
  files: TenantFiles;
  /** By `<owner key>\u0000<session id>` (see `cacheKey`). */
  sessions: Map<string, SessionData | null>;
  listed: boolean;
  states: TenantStates | undefined;
}
