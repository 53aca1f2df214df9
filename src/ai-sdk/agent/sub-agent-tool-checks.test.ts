import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { expectMemoryError } from '../../testing/fixtures.ts';
import { agent } from './agent.ts';
import { subAgentTool } from './sub-agent-tool.ts';

const sub = () => agent({ name: 'sub', description: 'helps', model: scriptedLanguageModel([]).model });
const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

/**
 * Bad arguments of subAgentTool (a bug hunt): `subAgentTool(undefined, …)` and `subAgentTool(a, () => 1)` threw raw
 * TypeErrors, a Symbol `maxAnswerChars` threw raw and a string one silently turned off the cut (`length > '500'`
 * is false). Each is now INVALID_ARGUMENT naming the argument and what was given, when the tool is made.
 */
const wrong: [string, () => unknown, RegExp][] = [
  [
    'no sub-agent',
    () => subAgentTool(undefined as never, { caller: 'lead' }),
    /subAgentTool\(sub\).*undefined/,
  ],
  ['a sub-agent of null', () => subAgentTool(null as never, { caller: 'lead' }), /subAgentTool\(sub\).*null/],
  [
    'a sub-agent without run()',
    () => subAgentTool({ name: 'x', description: 'd' } as never, { caller: 'lead' }),
    /subAgentTool\(sub\) must be an object with run\(\), got an object/,
  ],
  [
    'a sub-agent whose description is a Symbol',
    () => subAgentTool({ ...sub(), run: sub().run, description: Symbol('d') } as never, { caller: 'lead' }),
    /subAgentTool\(sub\)\.description must be a string, got Symbol\(d\)/,
  ],
  [
    'a sub-agent whose name is a BigInt',
    () => subAgentTool({ run: sub().run, name: 10n, description: 'd' } as never, { caller: 'lead' }),
    /subAgentTool\(sub\)\.name must be a string, got 10n/,
  ],
  [
    'options of a function',
    () => subAgentTool(sub(), (() => 1) as never),
    /subAgentTool\(options\).*a function/,
  ],
  ['no options', () => subAgentTool(sub(), undefined as never), /subAgentTool\(options\).*undefined/],
  ['options of a string', () => subAgentTool(sub(), 'lead' as never), /subAgentTool\(options\).*"lead"/],
  [
    'a caller of 5',
    () => subAgentTool(sub(), { caller: 5 } as never),
    /subAgentTool\(options\)\.caller must be a non-empty string, got 5/,
  ],
  [
    'a caller of a Symbol',
    () => subAgentTool(sub(), { caller: Symbol('c') } as never),
    /subAgentTool\(options\)\.caller .*Symbol\(c\)/,
  ],
  ["a caller of ''", () => subAgentTool(sub(), { caller: '' }), /subAgentTool\(options\)\.caller .*""/],
  ...(
    [
      [Symbol('n'), 'Symbol\\(n\\)'],
      ['500', '"500"'],
      [10n, '10n'],
      [0, '0'],
      [-1, '-1'],
      [1.5, '1\\.5'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [cyclic, 'an object'],
    ] as const
  ).map(([value, shown]): [string, () => unknown, RegExp] => [
    `a maxAnswerChars of ${shown}`,
    () => subAgentTool(sub(), { caller: 'lead', maxAnswerChars: value } as never),
    new RegExp(`subAgentTool\\(options\\)\\.maxAnswerChars must be an integer >= 1, got ${shown}`),
  ]),
  [
    "a memory of 'isolate' (misspelt)",
    () => subAgentTool(sub(), { caller: 'lead', memory: 'isolate' } as never),
    /subAgentTool\(options\)\.memory .*"isolate"/,
  ],
  [
    'a memory without read()',
    () => subAgentTool(sub(), { caller: 'lead', memory: { store: async () => [] } } as never),
    /subAgentTool\(options\)\.memory .*read\(\)/,
  ],
  [
    'a store of 5',
    () => subAgentTool(sub(), { caller: 'lead', store: 5 } as never),
    /subAgentTool\(options\)\.store must be an object with .*, got 5/,
  ],
];

describe('subAgentTool checks its arguments (hunt)', () => {
  it.each(wrong)('%s: INVALID_ARGUMENT naming it', async (_, make, message) => {
    const error = await expectMemoryError(make, 'INVALID_ARGUMENT');
    expect(error.message).toMatch(message);
  });

  it('takes what it documents: an agent, a caller, a positive maxAnswerChars, isolated or a memory', () => {
    expect(subAgentTool(sub(), { caller: 'lead', maxAnswerChars: 1 })).toHaveProperty('execute');
    expect(
      subAgentTool(sub(), { caller: 'lead', memory: 'isolated', maxAnswerChars: undefined }),
    ).toHaveProperty('execute');
  });
});
