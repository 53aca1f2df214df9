import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/**
 * The default bound on a chat request's body, in bytes: 64 MiB. `useChat` sends the whole chat on every request
 * (files as data URLs included), so the bound is far above one message's store limit (16 MiB by default).
 */
export const defaultMaxBodyBytes = 64 * 1024 * 1024;

const tooLarge = (maxBodyBytes: number, size: string) =>
  new MemoryError({
    code: 'PAYLOAD_TOO_LARGE',
    component: 'chat',
    message: `the request body is ${size}, over the chat route's bound of ${maxBodyBytes} bytes (createChatHandler's maxBodyBytes); a transport that sends only the new message (useChat's prepareSendMessagesRequest returning { id, message }) keeps a long chat's requests small`,
  });

/** A body that cannot be read (already read, or the client went away while sending it): a 400. */
const unreadable = (why: string, cause?: unknown) =>
  new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'chat',
    message: `the request body could not be read: ${why}`,
    ...(cause === undefined ? {} : { cause }),
  });

/**
 * Reads a request's body as text, at most `maxBodyBytes` bytes of it: a `Content-Length` over the bound is refused
 * before anything is read, and a body that grows past it (chunked, or longer than it said) is refused as soon as
 * it does, its stream cancelled, so an oversized body is never held whole. Decoded as `request.text()` decodes (UTF-8,
 * a leading BOM dropped, bad bytes replaced). Throws `PAYLOAD_TOO_LARGE` (413) naming the bound, and
 * `INVALID_ARGUMENT` (400) for a body already read or whose stream fails (a client that went away mid-upload).
 */
export async function readRequestBody(request: Request, maxBodyBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBodyBytes) throw tooLarge(maxBodyBytes, `${declared} bytes (its Content-Length)`);
  if (request.bodyUsed)
    throw unreadable('it was already read (by a middleware, or a second call with the request)');
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch (error) {
      throw unreadable(error instanceof Error ? error.message : describeValue(error), error);
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBodyBytes, `over ${maxBodyBytes} bytes`);
    }
    chunks.push(value);
  }
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}
