import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ModelMessage, simulateReadableStream, type ToolResultPart, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { post, type StreamPart, textParts, user } from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { agent } from '../agent/agent.ts';
import type { AgentEvent } from '../agent/agent-types.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { stoppedCallText, stoppedStep } from './stopped-step.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-stopped-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* replay(events: readonly AgentEvent[], failure?: Error): AsyncGenerator<AgentEvent> {
  yield* events;
  if (failure) throw failure;
}

const stepEnd = (step: number): AgentEvent =>
  ({
    type: 'agent-step-end',
    step,
    finishReason: 'tool-calls',
    appended: [],
    sent: { tokens: 0 },
  }) as unknown as AgentEvent;
const text = (step: number, t: string): AgentEvent => ({ type: 'text-delta', step, text: t });
const reasoning = (step: number, t: string): AgentEvent => ({ type: 'reasoning-delta', step, text: t });
const call = (step: number, id: string): AgentEvent => ({
  type: 'tool-call',
  step,
  toolCallId: id,
  toolName: 'lookup',
  input: { id },
});
const result = (step: number, id: string, output: unknown): AgentEvent => ({
  type: 'tool-result',
  step,
  toolCallId: id,
  toolName: 'lookup',
  output,
});
const failed = (step: number, id: string): AgentEvent => ({
  type: 'tool-error',
  step,
  toolCallId: id,
  toolName: 'lookup',
  error: 'boom',
});

describe('stoppedStep', () => {
  it('nothing when the run stopped between steps (every step it began it stored) or before any', async () => {
    expect(await stoppedStep(replay([]))).toEqual([]);
    expect(await stoppedStep(replay([text(0, 'a'), stepEnd(0)]))).toEqual([]);
    expect(await stoppedStep(replay([text(0, ''), reasoning(0, '')].slice(0, 1)))).toEqual([]);
  });

  it('the open step: text and reasoning as streamed (runs merged), every call answered: its result, its error, or stopped', async () => {
    const events = [
      text(0, 'old'),
      stepEnd(0),
      reasoning(1, 'think'),
      reasoning(1, 'ing'),
      text(1, 'Let me '),
      text(1, 'look.'),
      call(1, 'a'),
      call(1, 'b'),
      call(1, 'c'),
      result(1, 'a', { rows: 2 }),
      failed(1, 'b'),
    ];
    const metadata = { stopped: true };
    expect(await stoppedStep(replay(events))).toEqual([
      {
        role: 'assistant',
        metadata,
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'text', text: 'Let me look.' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'lookup', input: { id: 'a' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'lookup', input: { id: 'b' } },
          { type: 'tool-call', toolCallId: 'c', toolName: 'lookup', input: { id: 'c' } },
        ],
      },
      {
        role: 'tool',
        metadata,
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'lookup',
            output: { type: 'json', value: { rows: 2 } },
          },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 'lookup',
            output: { type: 'error-text', value: 'boom' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'lookup',
            output: { type: 'error-text', value: stoppedCallText },
          },
        ],
      },
    ]);
  });

  it('reads the events a failed run gave before its error; a result JSON cannot hold is an error saying so', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const stopped = await stoppedStep(
      replay([text(0, 'partial'), call(0, 'x'), result(0, 'x', cyclic)], new Error('provider down')),
    );
    expect(stopped.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(stopped[1]!.content).toEqual([
      expect.objectContaining({
        output: { type: 'error-text', value: expect.stringMatching(/could not be stored/) },
      }),
    ]);
  });

  it("a result goes through its tool's toModelOutput (given the run's tools); one that throws is an error saying so", async () => {
    const lookup = (toModelOutput: (options: { output: number }) => ToolResultPart['output']) =>
      tool({ inputSchema: z.object({ id: z.string() }), execute: async () => 7, toModelOutput });
    const events = [call(0, 'x'), result(0, 'x', 7)];
    const outputOf = async (tools: ToolSet) =>
      ((await stoppedStep(replay(events), tools))[1]!.content as ToolResultPart[])[0]!.output;
    const shaped = lookup(({ output }) => ({ type: 'text', value: `got ${output}` }));
    expect(await outputOf({ lookup: shaped })).toEqual({ type: 'text', value: 'got 7' });
    const throwing = lookup(() => {
      throw new Error('no shape');
    });
    expect(await outputOf({ lookup: throwing })).toEqual({
      type: 'error-text',
      value: 'the result could not be stored: no shape',
    });
  });

  it('property: every call of the open step has exactly one result, the text is its deltas joined, and the model takes it', async () => {
    const stepEvents = (step: number) =>
      fc.array(
        fc.oneof(
          fc.string({ maxLength: 6 }).map((t) => text(step, t)),
          fc.string({ maxLength: 6 }).map((t) => reasoning(step, t)),
          fc.constantFrom('a', 'b', 'c').map((id) => call(step, `${step}-${id}`)),
        ),
        { maxLength: 8 },
      );
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepEvents(0), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.array(fc.boolean(), { maxLength: 3 }),
        async (steps, lastEnded, answered) => {
          const events: AgentEvent[] = [];
          steps.forEach((raw, step) => {
            // Each step's calls unique; some answered.
            const seen = new Set<string>();
            const own = raw
              .map((e) => ({ ...e, step }) as AgentEvent)
              .filter((e) => e.type !== 'tool-call' || (!seen.has(e.toolCallId) && seen.add(e.toolCallId)))
              .map((e) => (e.type === 'tool-call' ? { ...e, toolCallId: `${step}-${e.toolCallId}` } : e));
            events.push(...own);
            own.forEach((e, i) => {
              if (e.type === 'tool-call' && answered[i % Math.max(1, answered.length)])
                events.push(result(step, e.toolCallId, 'ok'));
            });
            if (step < steps.length - 1 || lastEnded) events.push(stepEnd(step));
          });
          const stopped = await stoppedStep(replay(events));
          const last = steps.length - 1;
          const open = lastEnded ? [] : events.filter((e) => 'step' in e && e.step === last);
          const calls = open.flatMap((e) => (e.type === 'tool-call' ? [e.toolCallId] : []));
          const joined = open.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
          const generated = open.some(
            (e) => e.type === 'tool-call' || (e.type !== 'tool-result' && 'text' in e && e.text.length > 0),
          );
          if (!generated) {
            expect(stopped).toEqual([]);
            return;
          }
          const [assistant, tool] = stopped as [
            ModelMessage & { content: unknown[] },
            ModelMessage | undefined,
          ];
          const parts = assistant.content as { type: string; text?: string; toolCallId?: string }[];
          expect(parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toBe(joined);
          expect(parts.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : []))).toEqual(calls);
          if (calls.length === 0) expect(tool).toBeUndefined();
          else expect((tool!.content as { toolCallId: string }[]).map((r) => r.toolCallId)).toEqual(calls);
          await sendToModel([
            { role: 'user', content: 'q' },
            ...stopped.map((m, i) => ({ ...m, id: `m${i}` })),
            { role: 'user', content: 'next' },
          ] as never);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('createChatHandler with agent(): a disconnect midway through the text (SQLite)', () => {
  it('keeps the text generated so far as the reply, marked incomplete; reopened, the next turn answers after it', async () => {
    const path = join(dir, 'mid-text.db');
    const store = createSqliteStore({ path });
    const chats = createChatStore({ store, scope: { tenant: 't', user: 'ada' } });
    const prompts: unknown[] = [];
    // The first call streams six words, then hangs until the run is aborted; later calls answer at once.
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        prompts.push(structuredClone(options.prompt));
        if (prompts.length > 1)
          return { stream: simulateReadableStream({ chunks: textParts(['second answer']) }) };
        const parts = textParts(['w0 ', 'w1 ', 'w2 ', 'w3 ', 'w4 ', 'w5 ']).slice(0, -2);
        let i = 0;
        const stream = new ReadableStream<StreamPart>({
          pull(controller) {
            if (i < parts.length) controller.enqueue(parts[i++]!);
            else {
              return new Promise<void>((resolve) =>
                options.abortSignal?.addEventListener('abort', () => resolve()),
              );
            }
          },
        });
        return { stream };
      },
    });
    const assistant = agent({ name: 'a', description: 'd', model });
    const handler = createChatHandler({ chats, agent: assistant });
    // The client reads until it has shown the six words, then goes away.
    const client = new AbortController();
    const response = await handler(post({ id: 'c', message: user('u1', 'tell me') }, client.signal));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!/w5 /.test(seen)) seen += decoder.decode((await reader.read()).value, { stream: true });
    client.abort();
    await reader.cancel();
    await chats.turn('c', async () => undefined);
    const [, reply] = await chats.messages('c');
    expect(reply!.incomplete).toBe(true);
    expect((await chats.lastMessage('c'))?.incomplete).toBe(true);
    expect(reply!.message.parts).toEqual([
      { type: 'step-start' },
      { type: 'text', text: 'w0 w1 w2 w3 w4 w5 ', state: 'done' },
    ]);
    // Reopened, the chat reads the same; the next turn's model gets the stopped reply before the new question.
    store.close();
    const again = createSqliteStore({ path });
    const reopened = createChatStore({ store: again, scope: { tenant: 't', user: 'ada' } });
    expect((await reopened.messages('c')).map((m) => m.incomplete)).toEqual([false, true]);
    const next = createChatHandler({ chats: reopened, agent: assistant });
    await (await next(post({ id: 'c', message: user('u2', 'go on') }))).text();
    await reopened.turn('c', async () => undefined);
    const sent = JSON.stringify(prompts.at(-1));
    expect(sent.indexOf('w0 w1 w2 w3 w4 w5')).toBeGreaterThan(-1);
    expect(sent.indexOf('w0 w1 w2 w3 w4 w5')).toBeLessThan(sent.indexOf('go on'));
    expect((await reopened.messages('c')).map((m) => [m.message.role, m.incomplete])).toEqual([
      ['user', false],
      ['assistant', true],
      ['user', false],
      ['assistant', false],
    ]);
    again.close();
  });
});
