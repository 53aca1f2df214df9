import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import {
  checkRetentionPolicy,
  isRetentionPolicy,
  retentionAt,
  retentionPolicies,
} from './retention-policy.ts';

describe('retention policies', () => {
  it('say what each policy does when a run and when the workflow ends', () => {
    const table = retentionPolicies.map((p) => [p, retentionAt(p, 'run'), retentionAt(p, 'workflow')]);
    expect(table).toEqual([
      ['single_run', 'clear', 'delete'],
      ['session', 'keep', 'delete'],
      ['persistent', 'keep', 'keep'],
    ]);
  });

  it('accept the three policies and refuse anything else with INVALID_ARGUMENT naming them', () => {
    for (const p of retentionPolicies) expect(checkRetentionPolicy(p, 'retention', 'test')).toBe(p);
    for (const bad of ['forever', '', undefined, null, 1, { policy: 'session' }]) {
      expect(isRetentionPolicy(bad)).toBe(false);
      expect(() => checkRetentionPolicy(bad, 'retention', 'test')).toThrow(
        expect.toSatisfy(
          (e: unknown) =>
            MemoryError.hasCode(e, 'INVALID_ARGUMENT') && /'single_run'/.test((e as Error).message),
        ),
      );
    }
  });
});
