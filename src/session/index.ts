/**
 * @module engram/session
 * Sessions over any store (open, list, fork, copy, delete, retention, expiry), seed 002's SessionManager
 * and the StateModule contract.
 * @example
 * const sessions = createSessions({ store });
 * const memory = await sessions.create({ retention: 'session' });
 * SessionManager.forSessionId(memory.sessionId).withSession(store).addComponent(memory);
 */

export type { RetentionPolicy } from '../memory/retention-policy.ts';
export type { SessionPageCursor, SessionPageOptions } from '../store/list-session-page.ts';
export { type SavedSession, SessionManager } from './session-manager.ts';
export {
  type CreateSessionOptions,
  createSessions,
  type Sessions,
  type SessionsOptions,
} from './sessions.ts';
