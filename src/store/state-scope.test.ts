import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryError } from '../core/errors/memory-error.ts';
import { arbId } from '../testing/message-arbitraries.ts';
import { checkStateKey, keepsOldStateKey, stateKeySession } from './state-scope.ts';

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

  it('keepsOldStateKey: kept only when the shortest owned prefix id is the id up to the last `:` (property)', () => {
    const ids = fc.stringMatching(/^[ab](:[ab]){0,3}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(ids, { maxLength: 4 }),
        ids,
        fc.constantFrom('', 'n', 'x:y'),
        (owned, id, name) => {
          const key = `session:${id}:${name}`;
          const parts = key.slice('session:'.length).split(':');
          const candidates = parts.slice(1).map((_, i) => parts.slice(0, i + 1).join(':'));
          const first = candidates.find((c) => owned.includes(c));
          const expected = first !== undefined && first === parts.slice(0, -1).join(':');
          expect(keepsOldStateKey(key, (c) => owned.includes(c))).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
    expect(keepsOldStateKey('session:chat:memory:main', (id) => id === 'chat')).toBe(false);
    expect(keepsOldStateKey('session:chat:memory:main', (id) => id === 'chat:memory')).toBe(true);
    expect(keepsOldStateKey('session:chat:planner', (id) => id === 'chat')).toBe(true);
    expect(keepsOldStateKey('session:chat:planner', () => false)).toBe(false);
    expect(keepsOldStateKey('session::x', () => true)).toBe(false);
    for (const plain of ['plain', 'session:chat', 'legacy:session:a:b'])
      expect(keepsOldStateKey(plain, () => false)).toBe(true);
  });
});
