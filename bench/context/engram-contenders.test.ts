import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScriptedConversation, splitTurns } from '../../src/testing/scripted-conversation.ts';
import { turnSteps } from './engram-contenders.ts';

describe('turnSteps', () => {
  it('splits a turn into the steps an agent loop stores: whole, in order, tool results with their assistant message', () => {
    const turns = splitTurns(createScriptedConversation({ seed: 11, messages: 600 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: turns.length - 1 }), (i) => {
        const turn = turns[i]!;
        const steps = turnSteps(turn);
        expect(steps.flat()).toEqual(turn);
        for (const step of steps) {
          expect(step.slice(1).every((m) => m.role === 'tool')).toBe(true);
          if (step.length > 1) expect(step[0]!.role).toBe('assistant');
        }
      }),
    );
  });

  it('gives a three-tool-step agent turn five steps', () => {
    const m = (role: ModelMessage['role']) => ({ role, content: '' }) as ModelMessage;
    const turn = [
      m('user'),
      m('assistant'),
      m('tool'),
      m('assistant'),
      m('tool'),
      m('assistant'),
      m('tool'),
      m('assistant'),
    ];
    expect(turnSteps(turn).map((s) => s.length)).toEqual([1, 2, 2, 2, 1]);
  });
});
