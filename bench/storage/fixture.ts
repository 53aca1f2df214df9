/**
 * The messages every contender appends: one deterministic, realistic tool-using agent session (user questions,
 * reasoning, parallel tool calls, approvals, answers) from `createScriptedConversation`, with tool results at a
 * tenth of their default size (about 1 KB and 220 o200k tokens per message on average). Written once, with each
 * message's o200k_base token count, to a JSON-lines file in the run's work directory: every child process
 * parses only the lines of its own round, and the contenders that take counts as input do not count again.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import type { ModelMessage } from 'ai';
import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { createScriptedConversation } from '../../src/testing/scripted-conversation.ts';
import { createTokenCounter } from '../../src/tokens/index.ts';

/** What the fixture is made of. */
export interface FixtureSpec {
  /** PRNG seed. */
  seed: number;
  /** How many messages. */
  messages: number;
  /** Tool result size scale passed to `createScriptedConversation`. */
  toolResultBytes: number;
}

/** The fixture of a run of `messages` messages. */
export function fixtureSpec(messages: number): FixtureSpec {
  return { seed: 7, messages, toolResultBytes: 0.1 };
}

/** Figures describing a fixture, for the report. */
export interface FixtureFigures {
  /** Messages. */
  messages: number;
  /** Mean JSON size of a message in bytes. */
  meanBytes: number;
  /** Mean o200k_base tokens of a message. */
  meanTokens: number;
  /** Messages by role. */
  roles: Record<string, number>;
}

/** A slice of the fixture: messages and their o200k_base token counts. */
export interface FixtureSlice {
  /** The messages. */
  messages: ModelMessage[];
  /** Their token counts, index for index. */
  tokens: number[];
}

/** Generates the fixture and writes it to `file`; returns its figures. */
export function writeFixture(file: string, spec: FixtureSpec): FixtureFigures {
  const messages = createScriptedConversation({
    seed: spec.seed,
    messages: spec.messages,
    toolResultBytes: spec.toolResultBytes,
  });
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  const roles: Record<string, number> = {};
  let bytes = 0;
  let tokens = 0;
  const lines = messages.map((message) => {
    roles[message.role] = (roles[message.role] ?? 0) + 1;
    const json = JSON.stringify(message);
    const count = counter.count(toMemoryMessage(message));
    bytes += Buffer.byteLength(json);
    tokens += count;
    return `{"tokens":${count},"message":${json}}`;
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return {
    messages: messages.length,
    meanBytes: bytes / messages.length,
    meanTokens: tokens / messages.length,
    roles,
  };
}

/** Reads `count` messages of a fixture file starting at index `from` (parsing only those lines). */
export function readFixture(file: string, from: number, count: number): FixtureSlice {
  const text = readFileSync(file, 'utf8');
  const slice: FixtureSlice = { messages: [], tokens: [] };
  let start = 0;
  for (let i = 0; i < from; i++) {
    const newline = text.indexOf('\n', start);
    if (newline < 0) return slice;
    start = newline + 1;
  }
  for (let i = 0; i < count && start < text.length; i++) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = JSON.parse(text.slice(start, end)) as { tokens: number; message: ModelMessage };
    slice.messages.push(line.message);
    slice.tokens.push(line.tokens);
    start = end + 1;
  }
  return slice;
}
