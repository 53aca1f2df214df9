import type { ModelMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { type Mem0TestServer, startMem0TestServer } from '../testing/mem0/index.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { createMem0LongTermMemory } from './mem0/mem0-long-term-memory.ts';

const clock = { now: () => new Date(Date.UTC(2026, 4, 8)) };
const open = () => createLongTermMemory({ scope: { tenant: 't', user: 'u' }, session: 's', clock });
const cyclic: Record<string, unknown> = { role: 'user' };
cyclic.content = cyclic;

describe('long-term memory input checks (issue 21 #13)', () => {
  it('retrieve refuses a query that is neither a string nor a message with INVALID_QUERY, and bad options too', async () => {
    const memory = open();
    for (const query of [undefined, null, 42, {}, [], 10n, Symbol('q'), cyclic, { role: 'user' }])
      await expectMemoryError(() => memory.retrieve(query as never), 'INVALID_QUERY');
    for (const options of [null, 42, 'x', 10n])
      await expectMemoryError(() => memory.retrieve('where', options as never), 'INVALID_QUERY');
    await expectMemoryError(() => memory.retrieve('where', { limit: 10n } as never), 'INVALID_QUERY');
    // a plain AI SDK message is a query too
    expect(await memory.retrieve({ role: 'user', content: 'where do I live?' })).toBeTypeOf('string');
  });

  it('createLongTermMemory refuses a misspelt option (sesion: records without a session) naming it', () => {
    const scope = { tenant: 't', user: 'u' };
    expect(() => createLongTermMemory({ scope, sesion: 's' } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/createLongTermMemory\(options\)\.sesion: not an option/),
      }),
    );
    // Ranking options are options too.
    expect(createLongTermMemory({ scope, session: 's', fusion: 'rrf', diversity: 0.2 })).toBeDefined();
    // Nested: a misspelt keepOut key was ignored and tool-derived records recalled.
    expect(() => createLongTermMemory({ scope, keepOut: { toolDerivd: 'recall' } } as never)).toThrow(
      /createLongTermMemory\(options\)\.keepOut\.toolDerivd: not an option/,
    );
    expect(() => createLongTermMemory({ scope, keepOut: 'recall' } as never)).toThrow(
      /createLongTermMemory\(options\)\.keepOut must be an object/,
    );
  });

  it('createLongTermMemory refuses a ranking option or embedding of the wrong type, naming it, when called', () => {
    const scope = { tenant: 't', user: 'u' };
    // Each was taken and failed (or ranked by NaN) at the first search, or threw naming embedderFromModel.
    for (const [key, value] of [
      ['candidates', 1.5],
      ['contextWeight', '0.5'],
      ['fusion', 'reciprocal'],
      ['rrfK', Number.NaN],
      ['speakerBoost', 10n],
      // Before, each was taken as 0 (a negative weight or dedupe) or made scores negative (a boost below -1).
      ['speakerBoost', -1.5],
      ['dedupe', -0.1],
      ['dedupe', 1.5],
      ['episodeWeight', -0.3],
      ['diversity', 2],
      ['now', new Date()],
      ['embedding', 'openai/text-embedding-3-small'],
    ] as const)
      expect(() => createLongTermMemory({ scope, [key]: value } as never), key).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(`createLongTermMemory(options).${key} must be`),
        }),
      );
    expect(
      createLongTermMemory({
        scope,
        candidates: 0,
        contextWeight: 1,
        speakerBoost: -0.5,
        now: () => new Date(),
      }),
    ).toBeDefined();
  });

  it('createLongTermMemory refuses a recording, roles, count, session, clock or callback it cannot use, naming it', () => {
    const scope = { tenant: 't', user: 'u' };
    // Before, each was taken: 'fact' recorded turns only, roles 'user' or ['bogus'] recorded no turn, neighbours NaN
    // no neighbour, a limit over 100 failed every search, a session of '' or an empty clock failed at record naming
    // neither, onError 5 threw a TypeError from background work.
    for (const [key, value, problem] of [
      ['recording', 'fact', "recording must be 'turns' or 'facts' or 'none'"],
      ['roles', 'user', 'roles must be an array'],
      ['roles', ['user', 'bogus'], 'roles[1] must be'],
      ['episodes', 'yes', 'episodes must be a boolean'],
      ['neighbours', Number.NaN, 'neighbours must be an integer >= 0'],
      ['neighbours', -1, 'neighbours must be an integer >= 0'],
      ['maxFactsPerRun', 0, 'maxFactsPerRun must be an integer >= 1'],
      ['limit', 500, 'limit must be an integer from 1 to 100'],
      ['limit', 2.5, 'limit must be an integer >= 1'],
      ['session', '', 'session must be a non-empty string'],
      ['session', 'a\u0000', 'session must be a non-empty string'],
      ['clock', {}, 'clock must be an object with a now() method'],
      ['onError', 5, 'onError must be a function'],
      ['extractor', {}, 'extractor must be an object with extract()'],
    ] as const) {
      expect(
        () => createLongTermMemory({ scope, [key]: value } as never),
        `${key}: ${String(value)}`,
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(new RegExp(`createLongTermMemory\\(options\\)[.:] ?${key}`)),
        }),
      );
      expect(() => createLongTermMemory({ scope, [key]: value } as never)).toThrow(problem);
    }
    expect(
      createLongTermMemory({
        scope,
        roles: [],
        neighbours: 0,
        limit: 100,
        maxFactsPerRun: 1,
        episodes: false,
      }),
    ).toBeDefined();
  });

  it("retrieve refuses a counter's count that is not a finite number >= 0, naming the method, instead of packing past the budget", async () => {
    const scope = { tenant: 't', user: 'u' };
    const exact = createTokenCounter({ encoding: 'o200k_base' });
    // Before: NaN > maxTokens is false, so every count passed and a block of 40 records came back for 30 tokens.
    for (const [countText, shown] of [
      [() => Number.NaN, 'NaN'],
      [() => -1, '-1'],
      [() => Number.POSITIVE_INFINITY, 'Infinity'],
      [() => '3', '"3"'],
    ] as const) {
      const counter = { ...exact, countText, atLeast: undefined };
      const memory = createLongTermMemory({ scope, counter: counter as never });
      await memory.add(Array.from({ length: 40 }, (_, i) => `Porto fact number ${i}`));
      const error = await expectMemoryError(
        () => memory.retrieve('Porto fact', { maxTokens: 30 }),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toContain(`counter.countText() returned ${shown}`);
    }
    // A fractional estimate is a count like any other.
    const memory = createLongTermMemory({
      scope,
      counter: { ...exact, countText: (t: string) => t.length / 4 },
    });
    await memory.add('Porto fact');
    expect(await memory.retrieve('Porto fact', { maxTokens: 500 })).toContain('Porto fact');
  });

  it('record accepts plain AI SDK { role, content } messages, dated by the clock and found again', async () => {
    const memory = open();
    const plain: ModelMessage[] = [
      { role: 'user', content: 'I moved to Lisbon yesterday.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Welcome to Lisbon!' }] },
    ];
    await memory.record(plain);
    const hits = await memory.search('lisbon');
    expect(hits.filter((h) => h.record.kind === 'turn')).toHaveLength(2);
    expect(hits[0]?.record.provenance?.messageIds).toEqual([expect.stringMatching(/^msg_/)]);
    // "yesterday" is resolved against the clock's time, the time a plain message is given
    expect((await memory.search('7 may 2026', { filter: { kinds: ['turn'] } }))[0]?.record.text).toContain(
      'Lisbon yesterday',
    );
  });

  it('record refuses a batch with a malformed message whole, naming the field, and stores nothing', async () => {
    const memory = open();
    const ok = { role: 'user', content: 'kept only if the batch is good' };
    for (const bad of [
      null,
      42,
      'text',
      { role: 'user' },
      { role: 'nobody', content: 'x' },
      { role: 'user', content: 10n },
      cyclic,
    ]) {
      const error = await expectMemoryError(() => memory.record([ok, bad] as never), 'INVALID_MESSAGE');
      expect(error.message).toContain('messages[1]');
    }
    expect(await memory.search('batch')).toEqual([]);
    await expectMemoryError(() => memory.record({ length: 1, 0: ok } as never), 'INVALID_ARGUMENT');
    expect(MemoryError.isInstance(await memory.record([]).catch((e: unknown) => e))).toBe(false);
  });
});

describe('Mem0 long-term memory input checks (the sibling of issue 21 #13)', () => {
  let server: Mem0TestServer;
  beforeAll(async () => {
    server = await startMem0TestServer();
  });
  afterAll(() => server.close());

  it('record and retrieve refuse malformed input with typed errors before any request; plain messages are recorded', async () => {
    const memory = createMem0LongTermMemory({
      baseUrl: server.url,
      apiKey: server.apiKey,
      ids: { userId: `u-${crypto.randomUUID()}` },
    });
    const before = server.requests.length;
    for (const query of [undefined, null, 42, {}, 10n, Symbol('q'), cyclic])
      await expectMemoryError(() => memory.retrieve(query as never), 'INVALID_QUERY');
    for (const bad of [null, 42, { role: 'user' }, { role: 'user', content: 10n }])
      await expectMemoryError(() => memory.record([bad] as never), 'INVALID_MESSAGE');
    await expectMemoryError(() => memory.record('text' as never), 'INVALID_ARGUMENT');
    expect(server.requests.length).toBe(before);
    await memory.record([{ role: 'user', content: 'I live in Oslo.' }]);
    expect((await memory.search('where do I live')).map((h) => h.record.text)).toEqual(['I live in Oslo.']);
  });

  it('add checks every record of a batch before sending any: one bad record sends nothing', async () => {
    const memory = createMem0LongTermMemory({
      baseUrl: server.url,
      apiKey: server.apiKey,
      ids: { userId: `u-${crypto.randomUUID()}` },
    });
    const before = server.requests.length;
    // Before: 'I live in Oslo.' was added (a request sent, a memory kept) and then the batch refused.
    for (const [bad, field] of [
      [{ text: 'x', validAt: new Date() }, 'records[1].validAt'],
      [{ text: 'x', metadata: { note: 'a\u0000' } }, 'records[1].metadata.note'],
      [{ text: '' }, 'records[1].text'],
    ] as const) {
      const error = await expectMemoryError(() => memory.add(['I live in Oslo.', bad]), 'INVALID_ARGUMENT');
      expect(error.message).toContain(field);
    }
    expect(server.requests.length).toBe(before);
  });
});
