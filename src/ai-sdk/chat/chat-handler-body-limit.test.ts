import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { post, streamingModel, textParts, user } from '../../../test-support/chat-handler-rig.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { defaultMaxBodyBytes, readRequestBody } from './read-request-body.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-chat-body-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const url = 'http://localhost/api/chat';
const encoder = new TextEncoder();

/**
 * A POST whose body streams `chunks` of `chunkBytes` bytes each (`{"id":"c","message":…` padded with spaces), with
 * no Content-Length; `pulled` counts the chunks the handler asked for, `cancelled` says whether it cancelled.
 */
function streamingPost(chunks: number, chunkBytes: number, headers: Record<string, string> = {}) {
  const head = encoder.encode(JSON.stringify({ id: 'c', message: user('u2', 'hello') }).slice(0, -1));
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += 1;
      if (state.pulled === 1) controller.enqueue(head);
      else if (state.pulled <= chunks) controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
      else {
        controller.enqueue(encoder.encode('}'));
        controller.close();
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request(url, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return { request, state };
}

async function rig(name: string, maxBodyBytes?: number, withAgent = false) {
  const store = createSqliteStore({ path: join(dir, `${name}.db`) });
  const chats = createChatStore({ store, scope: { tenant: 't', user: 'ada' } });
  await chats.append('c', [user('u1', 'q')]);
  const { model, prompts } = streamingModel(() => textParts(['ok']));
  const limit = maxBodyBytes === undefined ? {} : { maxBodyBytes };
  const handler = withAgent
    ? createChatHandler({ chats, ...limit, agent: agent({ name: 'a', description: 'd', model }) })
    : createChatHandler({ chats, ...limit, respond: ({ messages }) => streamText({ model, messages }) });
  const ids = async () => (await chats.messages('c')).map((m) => m.message.id);
  return { store, chats, handler, prompts, ids };
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('createChatHandler: maxBodyBytes', () => {
  it.each([
    ['respond', false],
    ['agent()', true],
  ])(
    '(%s) a Content-Length over the bound is a 413 before a byte is read; the chat is unchanged',
    async (form, withAgent) => {
      const { store, handler, prompts, ids } = await rig(`declared-${form}`, 1000, withAgent);
      const { request, state } = streamingPost(1000, 1024, { 'content-length': '1025001' });
      const response = await handler(request);
      expect(response.status).toBe(413);
      const error = await errorOf(response);
      expect(error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(error.message).toMatch(/1025001 bytes \(its Content-Length\).*1000 bytes.*maxBodyBytes/);
      // The request's streams fill their queues when made (as the same request left unread does); the handler
      // reads none of the 1,000 chunks beyond that.
      const unread = streamingPost(1000, 1024, { 'content-length': '1025001' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(state.pulled).toBeLessThanOrEqual(Math.max(2, unread.state.pulled));
      expect(state.cancelled).toBe(false);
      expect(await ids()).toEqual(['u1']);
      expect(prompts).toEqual([]);
      store.close();
    },
  );

  it('a chunked body that grows past the bound is refused as it does: its stream cancelled, not read to the end', async () => {
    const { store, handler, prompts, ids } = await rig('chunked', 4096);
    const { request, state } = streamingPost(1000, 1024); // ~1 MB if read whole
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toMatch(/over 4096 bytes/);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(10);
    expect(await ids()).toEqual(['u1']);
    expect(prompts).toEqual([]);
    store.close();
  });

  it('a body of exactly the bound is taken, one byte more is not', async () => {
    const { store, chats, handler, ids } = await rig('exact', 200);
    const body = (size: number, id: string) => {
      const json = JSON.stringify({ id: 'c', message: user(id, 'hi') });
      return `${json.slice(0, -1)}${' '.repeat(size - json.length)}}`;
    };
    expect((await handler(post(body(201, 'u3')))).status).toBe(413);
    const taken = await handler(post(body(200, 'u2')));
    expect(taken.status).toBe(200);
    await taken.text();
    await chats.idle();
    expect(await ids()).toEqual(['u1', 'u2', expect.any(String)]);
    store.close();
  });

  it('a body already read, or one whose stream fails midway (the client went away), is a 400 naming it; nothing stored', async () => {
    const { store, handler, prompts, ids } = await rig('unreadable');
    const read = post({ id: 'c', message: user('u2', 'hi') });
    await read.text();
    const used = await handler(read);
    expect(used.status).toBe(400);
    expect(await errorOf(used)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/could not be read: it was already read/),
    });
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(encoder.encode('{"id":"c","message":'));
        else controller.error(new Error('connection reset'));
      },
    });
    const broken = await handler(
      new Request(url, { method: 'POST', body: failing, duplex: 'half' } as RequestInit),
    );
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).message).toMatch(/could not be read: connection reset/);
    expect(await ids()).toEqual(['u1']);
    expect(prompts).toEqual([]);
    store.close();
  });

  it('the default bound is 64 MiB, and the option is checked at construction', async () => {
    expect(defaultMaxBodyBytes).toBe(64 * 1024 * 1024);
    const { store, chats } = await rig('options');
    const respond = () => {
      throw new Error('not called');
    };
    for (const bad of [0, -1, 1.5, '1mb', Number.NaN, Number.POSITIVE_INFINITY, null, 10n])
      expect(() => createChatHandler({ chats, respond, maxBodyBytes: bad as number }), String(bad)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/maxBodyBytes/) }),
      );
    store.close();
  });

  it('property: readRequestBody gives request.text() for any text under the bound, and refuses exactly over it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        async (text, bound, chunkBytes, bom) => {
          const bytes = encoder.encode((bom ? '\uFEFF' : '') + text);
          // Split across chunks (a multi-byte character may straddle two).
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let i = 0; i < bytes.length; i += chunkBytes)
                controller.enqueue(bytes.slice(i, i + chunkBytes));
              controller.close();
            },
          });
          const request = new Request(url, { method: 'POST', body, duplex: 'half' } as RequestInit);
          const expected = await new Request(url, { method: 'POST', body: bytes }).text();
          if (bytes.length > bound)
            await expect(readRequestBody(request, bound)).rejects.toMatchObject({
              code: 'PAYLOAD_TOO_LARGE',
            });
          else expect(await readRequestBody(request, bound)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
