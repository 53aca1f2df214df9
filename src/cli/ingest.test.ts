import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram, runEngramAsync } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-ingest-'));
const db = join(dir, 'ingest.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = ['--db', db, '--tenant', 'acme'];
const engram = (...args: string[]) => runEngram(...at, ...args);

/** Writes a fixture file; objects as JSON, strings as they are. */
function fixture(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** Ingests a file and checks the command's own output; stderr stays empty (no bar: not a terminal). */
function ingest(file: string, format: string, ...more: string[]) {
  const r = engram('--json', 'ingest', file, '--format', format, ...more);
  expect(r.code, r.err).toBe(0);
  expect(r.err).toBe('');
  return JSON.parse(r.out) as { sessions: string[]; messages: number };
}

/** A session's export: the header and the messages, with what ingest adds (ids, times) set apart. */
function exported(session: string) {
  const r = engram('export', session);
  expect(r.code, r.err).toBe(0);
  const [header, ...lines] = r.out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const messages = lines.map((l) => l.message);
  return {
    text: r.out,
    header,
    messages,
    plain: messages.map(({ id: _id, createdAt: _at, ...m }: Record<string, unknown>) => m),
  };
}

/** Everything a reader sees of the scope `where` names: the session list and every session's export. */
async function snapshot(where: string[]): Promise<string> {
  const list = runEngram(...where, '--json', 'sessions', 'list');
  const ids = (JSON.parse(list.out) as { id: string }[]).map((s) => s.id).sort();
  const exports = await Promise.all(ids.map((id) => runEngramAsync(...where, 'export', id)));
  return [list.out, ...exports.map((e) => e.out)].join('\n');
}

/** The AI SDK tool call and tool message both chat fixtures turn into. */
const bookCall = (id: string) => ({
  type: 'tool-call',
  toolCallId: id,
  toolName: 'book',
  input: { city: 'Lisbon' },
});
const bookResult = (id: string) => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'book', output: { type: 'text', value: 'seat 12A' } },
  ],
});

const openai = {
  messages: [
    { role: 'system', content: 'You book trips.' },
    { role: 'user', content: 'Book Lisbon, please.', name: 'ada' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'book', arguments: '{"city":"Lisbon"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'c1', content: 'seat 12A' },
    { role: 'assistant', content: [{ type: 'text', text: 'Booked: seat 12A.' }] },
  ],
};
const toolUse = { type: 'tool_use', id: 't1', name: 'book', input: { city: 'Lisbon' } };
const toolResult = { type: 'tool_result', tool_use_id: 't1', content: 'seat 12A' };
const anthropic = {
  system: 'You book trips.',
  messages: [
    { role: 'user', content: 'Book Lisbon, please.' },
    { role: 'assistant', content: [{ type: 'text', text: 'Booking.' }, toolUse] },
    { role: 'user', content: [toolResult, { type: 'text', text: 'Thanks!' }] },
    { role: 'assistant', content: 'Booked.' },
  ],
};
const aiSdk = [
  { id: 'u1', createdAt: '2025-03-01T10:00:00.000Z', role: 'user', content: 'Weather in Oslo?' },
  {
    id: 'a1',
    createdAt: '2025-03-01T10:00:01.000Z',
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'w1', toolName: 'weather', input: { city: 'Oslo' } }],
  },
  {
    id: 't1',
    createdAt: '2025-03-01T10:00:02.000Z',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'w1',
        toolName: 'weather',
        output: { type: 'json', value: { c: -3 } },
      },
    ],
  },
  { id: 'a2', createdAt: '2025-03-01T10:00:03.000Z', role: 'assistant', content: 'It is -3 °C.' },
];
const conversation = (
  id: string,
  session2: object[] = [{ speaker: 'Mel', dia_id: 'D2:1', text: 'Back again.' }],
) => ({
  sample_id: id,
  conversation: {
    speaker_a: 'Caro',
    speaker_b: 'Mel',
    session_1_date_time: '1:56 pm on 8 May, 2023',
    session_1: [
      { speaker: 'Caro', dia_id: 'D1:1', text: 'Hi Mel!' },
      { speaker: 'Mel', dia_id: 'D1:2', text: 'Hey!', blip_caption: 'a photo of a dog' },
    ],
    session_2_date_time: '10:37 am on 27 June, 2023',
    session_2: session2,
    session_3_date_time: '9:00 am on 1 July, 2023',
  },
  qa: [],
});

beforeAll(() => createSqliteStore({ path: db }).close());

describe('engram ingest (real binary)', () => {
  it('openai-chat: tool calls with their results, names kept, as AI SDK messages', () => {
    expect(ingest(fixture('chat.json', openai), 'openai-chat')).toEqual({ sessions: ['chat'], messages: 5 });
    const e = exported('chat');
    expect(e.header).toEqual({
      type: 'session',
      id: 'chat',
      metadata: { format: 'openai-chat' },
      messages: 5,
      artifacts: 0,
    });
    expect(e.plain).toEqual([
      { role: 'system', content: 'You book trips.' },
      { role: 'user', content: 'Book Lisbon, please.', name: 'ada' },
      { role: 'assistant', content: [bookCall('c1')] },
      bookResult('c1'),
      { role: 'assistant', content: [{ type: 'text', text: 'Booked: seat 12A.' }] },
    ]);
    expect(new Set(e.messages.map((m) => m.id)).size).toBe(5);
    // The same conversation as JSON lines, under another id.
    const lines = `${openai.messages.map((m) => JSON.stringify(m)).join('\n')}\n`;
    expect(ingest(fixture('chat.jsonl', lines), 'openai-chat', '--session', 'chat-lines').messages).toBe(5);
    expect(exported('chat-lines').plain).toEqual(e.plain);
  });

  it('anthropic: system first, tool_result blocks as a tool message', () => {
    expect(ingest(fixture('claude.json', anthropic), 'anthropic', '--session', 'claude')).toEqual({
      sessions: ['claude'],
      messages: 6,
    });
    expect(exported('claude').plain).toEqual([
      { role: 'system', content: 'You book trips.' },
      { role: 'user', content: 'Book Lisbon, please.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Booking.' }, bookCall('t1')] },
      bookResult('t1'),
      { role: 'user', content: [{ type: 'text', text: 'Thanks!' }] },
      { role: 'assistant', content: 'Booked.' },
    ]);
  });

  it('ai-sdk: messages as given, their ids and times kept; jsonl: export → ingest → export is byte-identical', () => {
    expect(ingest(fixture('sdk.json', { messages: aiSdk }), 'ai-sdk', '--session', 'sdk').messages).toBe(4);
    const e = exported('sdk');
    expect(e.messages).toEqual(aiSdk.map((m) => ({ ...m, createdAt: { $date: m.createdAt } })));
    expect(ingest(fixture('sdk.jsonl', e.text), 'jsonl', '--session', 'sdk-copy').messages).toBe(4);
    expect(exported('sdk-copy').text).toBe(e.text.replace('"id":"sdk"', '"id":"sdk-copy"'));
  });

  it('locomo: one session per conversation, speakers as user / assistant, session dates in metadata', () => {
    const file = fixture('locomo.json', [conversation('c1'), conversation('c2')]);
    expect(ingest(file, 'locomo', '--session', 'lm')).toEqual({ sessions: ['lm-c1', 'lm-c2'], messages: 6 });
    const e = exported('lm-c1');
    expect(e.header.metadata).toEqual({
      format: 'locomo',
      sampleId: 'c1',
      speakers: ['Caro', 'Mel'],
      sessions: [
        {
          id: 'session_1',
          date: '2023-05-08T13:56:00.000Z',
          dateText: '1:56 pm on 8 May, 2023',
          messages: 2,
        },
        {
          id: 'session_2',
          date: '2023-06-27T10:37:00.000Z',
          dateText: '10:37 am on 27 June, 2023',
          messages: 1,
        },
      ],
    });
    expect(e.messages).toEqual([
      {
        id: 'D1:1',
        role: 'user',
        content: 'Hi Mel!',
        name: 'Caro',
        createdAt: { $date: '2023-05-08T13:56:00.000Z' },
      },
      {
        id: 'D1:2',
        role: 'assistant',
        content: 'Hey! [shares a photo of a dog]',
        name: 'Mel',
        createdAt: { $date: '2023-05-08T13:56:01.000Z' },
      },
      {
        id: 'D2:1',
        role: 'assistant',
        content: 'Back again.',
        name: 'Mel',
        createdAt: { $date: '2023-06-27T10:37:00.000Z' },
      },
    ]);
    expect(exported('lm-c2').messages).toEqual(e.messages);
  });

  it('an existing session is refused, unless --append adds after its log', () => {
    const file = fixture('chat.json', openai);
    const seen = () => engram('--json', 'sessions', 'list').out + exported('chat').text;
    const before = seen();
    const again = engram('ingest', file, '--format', 'openai-chat');
    expect(again.code).toBe(3);
    expect(again.err).toMatch(/^engram: session "chat" already exists in this scope; give --append/);
    expect(seen()).toBe(before);
    const old = exported('chat');
    expect(ingest(file, 'openai-chat', '--append')).toEqual({ sessions: ['chat'], messages: 5 });
    const now = exported('chat');
    expect(now.messages.slice(0, 5)).toEqual(old.messages);
    expect(now.plain.slice(5)).toEqual(old.plain);
  });

  it('a bad file of any format exits 3 naming its line or JSON path, and stores nothing', async () => {
    // A database of its own, holding one session: what must stay exactly as it is.
    const bad = join(dir, 'bad.db');
    createSqliteStore({ path: bad }).close();
    const where = ['--db', bad, '--tenant', 'acme'];
    expect(runEngram(...where, 'ingest', fixture('chat.json', openai), '--format', 'openai-chat').code).toBe(
      0,
    );
    const chat = openai.messages;
    const lines = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
    const header = { type: 'session', id: 'j', metadata: {} };
    const cases: [format: string, content: unknown, error: RegExp][] = [
      ['openai-chat', '{"messages": [', /^engram: \S*bad-\d+: not valid JSON \(/],
      [
        'openai-chat',
        { messages: [chat[0], { role: 'robot', content: 'x' }] },
        /^engram: \S*bad-\d+: messages\[1\]\.role: unknown role "robot"/,
      ],
      [
        'openai-chat',
        [chat[1], chat[3]],
        /^engram: \S*bad-\d+: \[1\]\.tool_call_id: tool result without its call \(no earlier tool call "c1"\)/,
      ],
      [
        'openai-chat',
        {
          messages: [
            chat[1],
            {
              ...chat[2],
              tool_calls: [{ id: 'c1', type: 'function', function: { name: 'book', arguments: '{city:' } }],
            },
          ],
        },
        /^engram: \S*bad-\d+: messages\[1\]\.tool_calls\[0\]\.function\.arguments: not valid JSON/,
      ],
      [
        'openai-chat',
        lines([chat[0], { role: 'user', content: [{ type: 'text' }] }]),
        /^engram: \S*bad-\d+: line 2: content\[0\]\.text: /,
      ],
      ['anthropic', '{"system": "x", "messages": [}', /^engram: \S*bad-\d+: not valid JSON/],
      [
        'anthropic',
        { messages: [{ role: 'system', content: 'x' }] },
        /^engram: \S*bad-\d+: messages\[0\]\.role: unknown role "system"/,
      ],
      [
        'anthropic',
        { messages: [anthropic.messages[0], anthropic.messages[2]] },
        /^engram: \S*bad-\d+: messages\[1\]\.content\[0\]\.tool_use_id: tool result without its call/,
      ],
      [
        'anthropic',
        {
          messages: [
            { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'book', input: '{city:' }] },
          ],
        },
        /^engram: \S*bad-\d+: messages\[0\]\.content\[0\]\.input: expected a JSON object/,
      ],
      ['ai-sdk', '[{"role": "user"', /^engram: \S*bad-\d+: not valid JSON/],
      [
        'ai-sdk',
        [aiSdk[0], { role: 'bot', content: 'x' }],
        /^engram: \S*bad-\d+: \[1\]\.role: unknown role "bot"/,
      ],
      [
        'ai-sdk',
        [aiSdk[0], aiSdk[2]],
        /^engram: \S*bad-\d+: \[1\]\.content\[0\]\.toolCallId: tool result without its call/,
      ],
      [
        'ai-sdk',
        { messages: [{ ...aiSdk[1], content: [{ type: 'tool-call', toolName: 'x' }] }] },
        /^engram: \S*bad-\d+: messages\[0\]\.content\[0\]\.toolCallId: /,
      ],
      [
        'jsonl',
        `${JSON.stringify(header)}\n{"type":"message","message":{`,
        /^engram: \S*bad-\d+: line 2: not JSON/,
      ],
      [
        'jsonl',
        lines([header, { type: 'message', message: { ...aiSdk[0], role: 'robot' } }]),
        /^engram: \S*bad-\d+: line 2: /,
      ],
      ['locomo', '[{"sample_id": "c1"', /^engram: \S*bad-\d+: not valid JSON/],
      [
        'locomo',
        [conversation('c1'), conversation('c2', [{ speaker: 'Bob', dia_id: 'D2:1', text: 'Hi' }])],
        /^engram: \S*bad-\d+: \[1\]\.conversation\.session_2\[0\]\.speaker: "Bob" is neither speaker_a nor speaker_b/,
      ],
      [
        'locomo',
        [
          conversation('c1'),
          {
            ...conversation('c2'),
            conversation: { ...conversation('c2').conversation, session_1_date_time: 'soon' },
          },
        ],
        /^engram: \S*bad-\d+: \[1\]\.conversation\.session_1_date_time: unreadable session date "soon"/,
      ],
      [
        'locomo',
        [conversation('c1'), conversation('c1')],
        /^engram: \S*bad-\d+: two sessions of the file have the id "bad-c1"/,
      ],
    ];
    const before = await snapshot(where);
    for (let i = 0; i < cases.length; i += 8) {
      const batch = cases.slice(i, i + 8);
      const runs = await Promise.all(
        batch.map(([format, content], j) =>
          runEngramAsync(
            ...at,
            'ingest',
            fixture(`bad-${i + j}`, content),
            '--format',
            format,
            '--session',
            'bad',
          ),
        ),
      );
      runs.forEach((r, j) => {
        const [format, , error] = batch[j]!;
        expect(r.code, `${format}: ${r.err}`).toBe(3);
        expect(r.err, format).toMatch(error);
      });
    }
    const twice = fixture('twice.json', [conversation('c1'), conversation('c1')]);
    expect(runEngram(...where, 'ingest', twice, '--format', 'locomo').err).toMatch(/the id "c1"/);
    expect(await snapshot(where)).toBe(before);
    expect(engram('ingest', join(dir, 'missing.json'), '--format', 'jsonl').code).toBe(3);
    expect(engram('ingest', fixture('x.json', openai), '--format', 'csv').code).toBe(2);
    expect(engram('ingest', fixture('x.json', openai)).code).toBe(2);
  }, 120_000);
});
