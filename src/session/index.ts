/**
 * @module engram/session
 * Sessions over any store (open, list, fork, copy, delete, retention, expiry), seed 002's SessionManager
 * and the StateModule contract.
 * @example
 * const sessions = createSessions({ store });
 * const memory = await sessions.create({ retention: 'session' });
 * SessionManager.forSessionId(memory.sessionId).withSession(store).addComponent(memory);
 */

export * from '../core/state-module.ts';
export * from './session-manager.ts';
export * from './sessions.ts';
