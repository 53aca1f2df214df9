/**
 * fast-check arbitraries of AI SDK v7 UIMessage histories, as `useChat` holds them: every part type (text,
 * reasoning, static tool parts in each state including the approval ones, dynamic-tool, source-url,
 * source-document, file with an inline data URL or an https URL, data-*, step-start), message metadata and
 * provider metadata; long strings and large tool outputs often enough that the chat store's references are
 * exercised. Ids (messages, tool calls, approvals) are unique within a history. Test-only.
 */
import type { JSONValue, UIMessage } from 'ai';
import fc from 'fast-check';

type Json = JSONValue;
type Obj = Record<string, Json>;

/** JSON values as JSON text reads them back (fast-check's can hold -0, which stores refuse by design). */
const json: fc.Arbitrary<Json> = fc
  .jsonValue({ maxDepth: 2 })
  .map((v): Json => JSON.parse(JSON.stringify(v)));
const key = fc.constantFrom('a', 'b', 'city', 'rows', 'nested');
const object: fc.Arbitrary<Obj> = fc.dictionary(key, json, { maxKeys: 3 });
/** Short strings, and long ones (past the store's reference threshold). */
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ minLength: 64, maxLength: 160 }));
/** A large tool output (past the reference threshold), or a small one. */
const output: fc.Arbitrary<Json> = fc.oneof(
  json,
  fc.array(fc.record({ id: fc.nat(), title: fc.string({ maxLength: 30 }) }), { minLength: 3, maxLength: 8 }),
  fc.string({ minLength: 64, maxLength: 120 }),
);
const providerMetadata = fc.dictionary(fc.constantFrom('openai', 'anthropic'), object, {
  minKeys: 1,
  maxKeys: 2,
});
const opt = <T>(name: string, arb: fc.Arbitrary<T>) =>
  fc.option(arb, { nil: undefined }).map((v) => (v === undefined ? {} : { [name]: v }));
const withPm = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, opt('providerMetadata', providerMetadata)).map(([p, m]) => ({ ...p, ...m }));

const dataUrl = fc
  .base64String({ minLength: 4, maxLength: 200 })
  .filter((s) => s.length % 4 === 0)
  .map((b) => `data:image/png;base64,${b}`);
const httpsUrl = fc.webUrl({ validSchemes: ['https'] });

/** A tool part's state-specific fields; the call and approval ids are filled in later. */
const toolState = fc.oneof(
  fc.constant({ state: 'input-streaming' }),
  object.map((input) => ({ state: 'input-available', input })),
  object.map((input) => ({ state: 'approval-requested', input, approval: { id: '@ap' } })),
  fc.tuple(object, fc.boolean(), opt('reason', fc.string({ maxLength: 10 }))).map(([input, approved, r]) => ({
    state: 'approval-responded',
    input,
    approval: { id: '@ap', approved, ...r },
  })),
  fc
    .tuple(object, output, opt('preliminary', fc.boolean()))
    .map(([input, out, p]) => ({ state: 'output-available', input, output: out, ...p })),
  fc.tuple(object, fc.string({ maxLength: 20 })).map(([input, errorText]) => ({
    state: 'output-error',
    input,
    errorText,
  })),
  fc
    .tuple(object, opt('reason', fc.string({ maxLength: 10 })))
    .map(([input, r]) => ({ state: 'output-denied', input, approval: { id: '@ap', approved: false, ...r } })),
);
const toolPart = fc
  .tuple(
    fc.oneof(
      fc.constantFrom('weather', 'search').map((name) => ({ type: `tool-${name}` })),
      fc.constantFrom('mcp_lookup').map((toolName) => ({ type: 'dynamic-tool', toolName })),
    ),
    toolState,
    opt('callProviderMetadata', providerMetadata),
    opt('providerExecuted', fc.boolean()),
  )
  .map(([head, state, m, p]) => ({ ...head, toolCallId: '@call', ...state, ...m, ...p }));

const textPart = withPm(
  fc
    .tuple(text, opt('state', fc.constantFrom('streaming', 'done')))
    .map(([t, s]) => ({ type: 'text', text: t, ...s })),
);
const reasoningPart = withPm(text.map((t) => ({ type: 'reasoning', text: t, state: 'done' })));
const filePart = withPm(
  fc
    .tuple(fc.oneof(dataUrl, httpsUrl), opt('filename', fc.constantFrom('a.png', 'report.pdf')))
    .map(([url, f]) => ({
      type: 'file',
      mediaType: url.startsWith('data:') ? 'image/png' : 'application/pdf',
      url,
      ...f,
    })),
);
const dataPart = fc
  .tuple(fc.constantFrom('data-weather', 'data-status'), json, opt('id', fc.constantFrom('d1', 'd2')))
  .map(([type, data, id]) => ({ type, data, ...id }));
const sourceUrl = withPm(
  fc
    .tuple(httpsUrl, opt('title', fc.string({ maxLength: 10 })))
    .map(([url, t]) => ({ type: 'source-url', sourceId: '@src', url, ...t })),
);
const sourceDocument = withPm(
  fc.tuple(fc.string({ maxLength: 10 }), opt('filename', fc.constant('doc.pdf'))).map(([title, f]) => ({
    type: 'source-document',
    sourceId: '@src',
    mediaType: 'application/pdf',
    title,
    ...f,
  })),
);
const stepStart = fc.constant({ type: 'step-start' });

const partsOf = {
  system: fc.array(textPart, { minLength: 1, maxLength: 2 }),
  user: fc.array(fc.oneof(textPart, filePart, dataPart), { minLength: 1, maxLength: 4 }),
  assistant: fc.array(
    fc.oneof(
      textPart,
      reasoningPart,
      toolPart,
      toolPart,
      filePart,
      dataPart,
      sourceUrl,
      sourceDocument,
      stepStart,
    ),
    { minLength: 1, maxLength: 8 },
  ),
};

const message = fc
  .constantFrom('system', 'user', 'user', 'assistant', 'assistant')
  .chain((role) =>
    fc
      .tuple(partsOf[role as keyof typeof partsOf], opt('metadata', object))
      .map(([parts, m]) => ({ role, parts, ...m })),
  );

/** A UIMessage history of 1–`maxLength` messages with unique message, tool call, approval and source ids (`idPrefix` first). */
export function arbUIHistory(maxLength = 8, idPrefix = ''): fc.Arbitrary<UIMessage[]> {
  return fc.array(message, { minLength: 1, maxLength }).map(
    (messages) =>
      messages.map((m, i) => ({
        id: `${idPrefix}msg-${i}`,
        ...m,
        parts: m.parts.map((part: object, j) => fill(part, `${idPrefix}${i}-${j}`)),
      })) as UIMessage[],
  );
}

/** The part with its placeholder ids (`@call`, `@ap`, `@src`) made unique. */
function fill(part: object, at: string): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(part)
      .replaceAll('"@call"', `"call-${at}"`)
      .replaceAll('"@ap"', `"ap-${at}"`)
      .replaceAll('"@src"', `"src-${at}"`),
  );
}
