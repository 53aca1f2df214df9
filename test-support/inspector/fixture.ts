import type { ModelMessage } from 'ai';
import { createContentStore } from '../../src/content/create-content-store.ts';
import type { Scope } from '../../src/core/scope.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createTokenCounter } from '../../src/tokens/create-token-counter.ts';
import {
  type AssemblyRecord,
  createAssemblyRecorder,
  readAssemblyRecords,
} from '../../src/views/assembly/assembly-records.ts';
import type { AssemblyItem, ContextAssembly } from '../../src/views/assembly/context-assembly.ts';
import { createAutoContextMemory } from '../../src/views/auto-context/auto-context-memory.ts';
import { createCoreMemory } from '../../src/working/core-memory.ts';
import { createWorkingMemory } from '../../src/working/working-memory.ts';

/** What {@link buildInspectorFixture} wrote, for tests to compare the inspector's figures with. */
export interface InspectorFixture {
  /** The SQLite file. */
  path: string;
  /** The owner of everything in it. */
  scope: Scope;
  /** The session with tool calls, an auto-context view, citations, ladder steps and recorded steps. */
  research: string;
  /** A session of 10,000 short messages. */
  big: string;
  /** How many messages the big session has. */
  bigCount: number;
  /** The recorded steps of the research session, as stored. */
  records: AssemblyRecord[];
  /** The step whose long-term block recalls one record twice. */
  duplicateRecallStep: number;
  /** A long-term record with two versions. */
  updatedRecord: { id: string; before: string; after: string };
  /** The content store space the research session offloads to. */
  space: string;
  /** A secret written into a message of the research session (the inspector must not show it). */
  secret: string;
  /** What the agent blocks of every step sent (instructions, tool definitions as JSON lines, pinned memory). */
  sent: { instructions: string; tools: string; pinned: string };
  /** A long-term record that names the session and message it came from. */
  sourcedRecord: { id: string; session: string; messageId: string; seq: number };
  /** The working memory's record, and its core block's: each with its texts, oldest first. */
  working: { id: string; texts: string[] }[];
}

/** The agent's instructions in every recorded step: longer than a preview, so a cut would show. */
const instructions = [
  'You plan trips for Ada and answer in short paragraphs.',
  'Use the weather tool for any forecast; never guess a temperature.',
  'When a tool result was stored as a content item, cite its id and reopen it only when the figures matter.',
  'Keep the itinerary in working memory and update it when plans change.',
].join('\n');

/** The tool definitions of every recorded step, as the agent sends them (one JSON object a line). */
const toolLines = [
  JSON.stringify({
    name: 'weather',
    description: 'Hourly forecast for a city: temperature, wind and rain for the next 24 hours.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city' }, round: { type: 'integer' } },
      required: ['city'],
      additionalProperties: false,
    },
  }),
  JSON.stringify({
    name: 'reopen_content',
    description: 'Reopen a stored content item by its id (tr_…), in full or a part of it.',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  }),
].join('\n');

/** The tool definitions' tokens, as the agent counts them: one definition at a time (o200k_base). */
const toolTokens = toolLines
  .split('\n')
  .reduce((n, line) => n + createTokenCounter({ encoding: 'o200k_base' }).countText(line), 0);

/** The pinned working memory of every recorded step. */
const pinned = [
  '<working_memory>',
  '# Trip',
  'Travellers: Ada and Bo, 2 adults. Dates: 12–19 May. Budget: mid-range, trains preferred over flights.',
  '# Open questions',
  'Which of Lisbon or Porto gets the extra night; whether Bo needs a vegetarian menu.',
  '</working_memory>',
].join('\n');

/** The `engram` flags naming the fixture's owner. */
export const fixtureScopeArgs = ['--tenant', 'acme', '--user', 'ada'];

/** The `engram` flags that open a fixture database as its owner. */
export const fixtureArgs = (fixture: InspectorFixture) => ['--db', fixture.path, ...fixtureScopeArgs];

/** A secret-shaped string (not a real key). */
const fixtureSecret = 'sk-ant-api03-FIXTUREfixture0123456789abcdefABCDEF_not-a-real-key';

const cities = ['Lisbon', 'Porto', 'Madrid', 'Seville', 'Valencia', 'Bilbao', 'Granada', 'Coimbra'];

/** A large tool output: a table of `lines` rows. */
function report(round: number, lines: number): string {
  const out = [`Weather report ${round} (hourly)`];
  for (let i = 0; i < lines; i++) {
    const city = cities[(round + i) % cities.length]!;
    out.push(
      `${city}\t${String(i % 24).padStart(2, '0')}:00\t${10 + ((round * 7 + i * 3) % 20)}°C\twind ${(i * 5) % 40} km/h`,
    );
  }
  return out.join('\n');
}

/** One round of the research session: a question, a tool call, its (large) result, an answer. */
function round(r: number): ModelMessage[] {
  const id = `call_${r}`;
  const city = cities[r % cities.length]!;
  return [
    {
      role: 'user',
      content:
        r === 3
          ? `Use my key ${fixtureSecret} for the weather API. What about ${city}?`
          : `What is the weather in ${city} for trip ${r}?`,
    },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: id, toolName: 'weather', input: { city, round: r } }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'weather',
          output: { type: 'text', value: report(r, r % 3 === 0 ? 160 : 12) },
        },
      ],
    },
    { role: 'assistant', content: `In ${city} it will be mild for trip ${r}; pack a light jacket.` },
  ];
}

/** The blocks the agent loop adds before the view's messages (instructions, working memory, recall). */
function agentBlocks(step: number, duplicate: boolean): AssemblyItem[] {
  const facts = [
    'Ada prefers window seats on long flights.',
    'Ada is allergic to peanuts.',
    'Ada travels with her partner Bo, who prefers trains.',
    'Ada keeps a budget of about 150 euros a night for hotels.',
  ];
  const recalled = duplicate ? [facts[0]!, ...facts] : facts;
  const block = [
    '<long_term_memory>',
    'Remembered from earlier conversations.',
    ...recalled.map((f) => `- [2026-01-0${step % 9}] ${JSON.stringify(f)}`),
  ].join('\n');
  return [
    {
      source: 'instructions',
      tokens: 64,
      why: "the agent's instructions",
      role: 'system',
      sent: instructions,
    },
    {
      source: 'working-memory',
      tokens: 40,
      why: 'pinned working memory',
      role: 'system',
      preview: pinned.slice(0, 160),
      sent: pinned,
    },
    {
      source: 'tools',
      tokens: toolTokens,
      why: '2 tool definitions (name, description, input schema as JSON)',
      sent: toolLines,
    },
    {
      source: 'long-term',
      tokens: 18 * recalled.length + 20,
      why: 'recalled for the last user message',
      role: 'user',
      preview: block.slice(0, 160),
      sent: block,
    },
  ];
}

/** The view's assembly with the agent loop's blocks in front (as the agent records them). */
function withBlocks(assembly: ContextAssembly, blocks: AssemblyItem[]): ContextAssembly {
  const items = [...blocks, ...assembly.items];
  return { ...assembly, items, tokens: items.reduce((t, i) => t + i.tokens, 0) };
}

/**
 * Writes the inspector's fixture database: a research session of a few hundred messages with tool calls read
 * through an auto-context view with a content store (so there are citations and ladder steps), a recorded step
 * every few rounds with the provider's count, long-term records (one updated), and a 10,000-message session.
 */
export async function buildInspectorFixture(path: string): Promise<InspectorFixture> {
  const store = createSqliteStore({ path });
  const scope = { tenant: 'acme', user: 'ada' };
  const research = 'research';
  const space = 'research';
  await store.createSession(scope, { id: research, metadata: { topic: 'weather' } });
  const memory = createConversationMemory({ store, scope, sessionId: research });
  const content = createContentStore({ store, scope, space });
  const view = createAutoContextMemory({
    conversation: memory,
    content,
    maxTokens: 8000,
    msgThreshold: 60,
    lastKeep: 8,
    minGainTokens: 0,
    minResultTokens: 300,
  });
  const recorder = createAssemblyRecorder({ memory });
  await memory.append({ role: 'system', content: 'You plan trips. Use the weather tool.' });
  const duplicateRecallStep = 3;
  let step = 0;
  for (let r = 0; r < 72; r++) {
    await memory.append(round(r));
    if (r % 6 !== 5) continue;
    await view.read();
    const assembly = withBlocks(view.lastAssembly()!, agentBlocks(step, step === duplicateRecallStep));
    await recorder.record(assembly, {
      agent: 'planner',
      run: `run-${Math.floor(step / 4) + 1}`,
      step: step % 4,
      // The last step's provider counts less than engram's items (a negative unattributed remainder).
      provider: { inputTokens: assembly.tokens + (r === 71 ? -12 : 31 + (step % 3) * 7) },
    });
    step++;
  }

  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  await longTerm.add([
    'Ada is allergic to peanuts.',
    'Ada lives in Lisbon.',
    'Ada travels with her partner Bo.',
  ]);
  const before = 'Ada prefers window seats.';
  const after = 'Ada prefers window seats on long flights.';
  const [fact] = await longTerm.add({ text: before, validAt: new Date('2025-06-01T00:00:00Z') });
  await longTerm.update(fact!.id, { text: after, validAt: new Date('2026-01-15T00:00:00Z') });

  // A record that names where it came from: the session and the message (the 5th round's question).
  const [source] = await store.readRange(scope, research, { fromSeq: 18, limit: 1 });
  const [sourced] = await longTerm.add({
    text: 'Ada plans a trip to Porto.',
    session: research,
    provenance: { origin: 'user', messageIds: [source!.message.id], roles: ['user'], session: research },
  });
  const working = createWorkingMemory({ store, scope, template: '# Trip\nnot planned yet' });
  await working.update('# Trip\nLisbon, 12–15 May');
  await working.update('# Trip\nLisbon 12–15 May, then Porto 15–19 May');
  const core = createCoreMemory({ store, scope, blocks: [{ label: 'human', value: '' }] });
  await core.append('human', 'Name: Ada.');
  await core.append('human', 'Allergic to peanuts.');
  const workingRecords = await Promise.all(
    ['engram.working:resource', 'engram.block:human'].map(async (id) => ({
      id,
      texts: (await store.longTermRecords.history(scope, id)).map((r) => r.text),
    })),
  );

  const big = 'big';
  const bigCount = 10_000;
  await store.createSession(scope, { id: big });
  const bigMemory = createConversationMemory({ store, scope, sessionId: big });
  for (let i = 0; i < bigCount; i += 1000)
    await bigMemory.append(
      Array.from({ length: 1000 }, (_, k) => ({
        role: (i + k) % 2 === 0 ? 'user' : 'assistant',
        content: `Message ${i + k + 1} of the long session: a short line of small talk.`,
      })) as ModelMessage[],
    );

  const records = await readAssemblyRecords(store, scope, research);
  await store.close();
  return {
    path,
    scope,
    research,
    big,
    bigCount,
    records,
    duplicateRecallStep,
    updatedRecord: { id: fact!.id, before, after },
    space,
    secret: fixtureSecret,
    sent: { instructions, tools: toolLines, pinned },
    sourcedRecord: { id: sourced!.id, session: research, messageId: source!.message.id, seq: source!.seq },
    working: workingRecords,
  };
}
