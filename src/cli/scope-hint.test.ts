import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../core/scope.ts';
import { scopeFlags } from './scope-hint.ts';

/** The arguments a POSIX shell makes of `text`. */
const shellWords = (text: string) =>
  execFileSync('sh', ['-c', `printf '%s\\n' ${text}`], { encoding: 'utf8' })
    .split('\n')
    .slice(0, -1);

describe('scopeFlags: the flags `ls` and the not-found hints print, to paste into a shell', () => {
  it('gives back each value as one argument, whatever its characters', () => {
    const scopes: Scope[] = [
      { tenant: 'demo', user: 'ada' },
      { tenant: 'acme corp', user: 'ada lovelace', agent: "o'brien" },
      { tenant: 't', user: '$HOME `id` *', agent: 'a"b\\c;d|e&f' },
      { tenant: 'ünï 😀', user: '-x', agent: '~root' },
    ];
    for (const scope of scopes) {
      const words = [
        '--tenant',
        scope.tenant,
        ...(scope.user === undefined ? [] : ['--user', scope.user]),
        ...(scope.agent === undefined ? [] : ['--agent', scope.agent]),
      ];
      expect(shellWords(scopeFlags(scope)), scopeFlags(scope)).toEqual(words);
    }
    expect(scopeFlags({ tenant: 'demo', user: 'ada' })).toBe('--tenant demo --user ada');
  });
});
