import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryError } from '../core/errors/memory-error.ts';
import { arbId } from '../testing/message-arbitraries.ts';
import { checkStateKey, stateKeySession } from './state-scope.ts';

const withColons = fc.oneof(arbId, fc.stringMatching(/^[a:1]{1,8}$/));
const name = fc
  .string({ maxLength: 12 })
  .filter((n) => !n.includes(':') && !n.includes('\u0000') && n.isWellFormed());

describe('state keys `session:<id>:<name>`', () => {
  it('name exactly their session: the id is everything before the last `:` (property)', () => {
    fc.assert(
      fc.property(withColons, name, withColons, name, (id, n, other, m) => {
        const key = `session:${id}:${n}`;
        expect(() => checkStateKey(key, 'test')).not.toThrow();
        expect(stateKeySession(key)).toBe(id);
        // Two keys name the same session only when the ids are equal, whatever the names.
        const second = `session:${other}:${m}`;
        expect(stateKeySession(key) === stateKeySession(second)).toBe(id === other);
      }),
      { numRuns: 2000 },
    );
  });

  it('plain keys name no session; an invalid session id is INVALID_ARGUMENT', () => {
    for (const key of ['k', 'session', 'session:', 'session:chat', 'sessions:a:b', 'Session:a:b']) {
      expect(stateKeySession(key), key).toBeUndefined();
      expect(() => checkStateKey(key, 'test')).not.toThrow();
    }
    expect(stateKeySession('session:chat:1:planner')).toBe('chat:1');
    expect(stateKeySession('session:chat::')).toBe('chat:');
    for (const key of ['session::x', 'session::', `session:${'x'.repeat(257)}:n`]) {
      expect(() => checkStateKey(key, 'test'), key).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }) as MemoryError,
      );
    }
  });
});
