import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createToolResultCiter,
  storedCountsAgree,
  type ToolResultCiter,
} from '../../content/cite-tool-results.ts';
import { checkOptions } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createSerialQueue } from '../../core/serial-queue.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { ContextAssembly } from '../assembly/context-assembly.ts';
import type { ContextView } from '../context-view.ts';
import { createOutputCountArtifacts } from '../output-count-artifacts.ts';
import { sendableMessages } from '../sendable-messages.ts';
import { createViewLog } from '../view-log.ts';
import type { LadderCache } from './apply-ladder.ts';
import { type AutoContextOptions, resolveAutoContextOptions } from './auto-context-options.ts';
import { createExtractiveSummarizer } from './extractive-summarizer.ts';
import { type LadderStep, loadLadderSteps, saveLadderStep } from './ladder-artifacts.ts';
import { type LadderSnapshot, ladderAssembly } from './ladder-assembly.ts';
import { findCut } from './ladder-cut.ts';
import { createLadderHold } from './ladder-hold.ts';
import { createLadderStepLog } from './ladder-step-log.ts';
import { type AutoContextStats, runLadder } from './run-ladder.ts';
import { deleteStepsOverDeleted } from './steps-over-deleted.ts';

/** Seed 002's AutoContextMemory as a view: the compaction ladder over a log, every step an artifact. */
export interface AutoContextView extends ContextView {
  /** The conversation under the view. */
  readonly conversation: ConversationMemory;
  /** Every ladder step recorded for the session, oldest first (reloaded ones included). */
  steps(): Promise<LadderStep[]>;
  /**
   * `context_reload`: puts a step's range back in full (the step is kept, marked reloaded, and its range is
   * left alone for `reloadKeep` messages). Throws `INVALID_ARGUMENT` for an unknown or already reloaded id.
   */
  reload(stepId: string): Promise<{ restored: number; description: string }>;
  /** Figures of the last `read()`, or undefined before the first. */
  lastStats(): AutoContextStats | undefined;
  /** What the last `read()` sent, by source (ladder summaries and replaced outputs apart), and what it left out. */
  lastAssembly(): ContextAssembly | undefined;
}

/**
 * AutoContextMemory (seed 002): a view that keeps the context within the model's window by a ladder of
 * steps, cheapest first, applied when a trigger fires — more than `msgThreshold` messages, or more than
 * `tokenRatio × maxTokens` tokens. The rungs: (1) old tool results outside the protected tail (the newest
 * `lastKeep` messages) become content-store citations, calls and ids kept; (2) old runs of consecutive tool
 * exchanges become one summary message; (3) everything before the tail becomes one running summary, the
 * previous summary folded in; (4) the last resort, when the context still exceeds `maxTokens`: results inside
 * the tail become citations and the newest unit's outputs are cut to fit, never a pending tool call, and if that
 * is not enough everything before the newest unit is summarized. A rung
 * runs only when it gains `minGainTokens` (batched, so the provider's prompt cache breaks rarely), each at
 * most once per read. Every step is an artifact beside the log (range, kind, tokens before and after, the
 * replacement), so the context is a pure function of the log and its artifacts: rebuilt identically by any
 * process, inspected with `steps()`, undone with `reload(id)`. Atomic units are never split: rungs replace
 * whole units or tool outputs in place. Large results first appear in full and then as citations, as in
 * `createCitationMemory` (`citations: false` turns that off).
 * A read costs what changed since the last one: the view keeps the steps (listing only those written since) and
 * the log after the last summary that covers its head (`ladder-cut.ts`); what is before it is represented by
 * that summary, released from memory (with what the citer keeps of them) and never mapped again, with the same
 * result as mapping the whole log. A new view on a long session decides offloading from stored counts, as
 * `createCitationMemory` does, so its first read counts no output that a stored count, an item or a count an
 * earlier view saved (`engram.output-counts`) already decides.
 * @example
 * const view = createAutoContextMemory({ conversation, content, maxTokens: 200_000 });
 * const messages = await view.read();
 */
export function createAutoContextMemory(options: AutoContextOptions): AutoContextView {
  checkOptions(options, 'createAutoContextMemory', 'views');
  const o = resolveAutoContextOptions(options);
  const { conversation, content } = o;
  const summarizer = o.summarizer ?? createExtractiveSummarizer();
  const counter = content.counter;
  const log = createViewLog(conversation);
  const queue = createSerialQueue();
  const inRead = new AsyncLocalStorage<boolean>();
  const cache: LadderCache = new Map();
  const newCiter = () =>
    createToolResultCiter({
      content,
      policy: o.citations === false ? { default: { offload: 'never' } } : o.citations,
      logKey: conversation.sessionId,
      storedCounts: storedCountsAgree(conversation.counter, content),
      savedCounts: createOutputCountArtifacts(conversation, content.counter.encoding),
    });
  let citer: ToolResultCiter = newCiter();
  const stepLog = createLadderStepLog(conversation);
  let logId: string | undefined;
  /** The log's first live non-system sequence number, as of the sync that made `log.rereads` `headAt`. */
  let head: number | undefined;
  let headAt = -1;
  /** `log.rereads` when the steps were last checked against deleted messages. */
  let checkedAt = -1;
  const held = createLadderHold({ log, conversation, cache, release: (seq) => citer.release(seq) });
  let last: AutoContextStats | undefined;
  let shot: LadderSnapshot | undefined;

  return {
    specificationVersion: 'v1',
    conversation,
    lastStats: () => last,
    lastAssembly: () => (shot ? ladderAssembly(shot, counter) : undefined),
    steps: () => loadLadderSteps(conversation),
    async reload(stepId) {
      const steps = await loadLadderSteps(conversation);
      const step = steps.find((s) => s.id === stepId);
      if (!step || step.reloadedAtSeq !== undefined) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'views',
          message: step
            ? `ladder step ${describeValue(stepId)} is already reloaded`
            : `no ladder step ${describeValue(stepId)} in this session`,
        });
      }
      const { lastSeq } = await conversation.stats();
      await saveLadderStep(conversation, { ...step, reloadedAtSeq: lastSeq });
      const restored = step.outputs?.length ?? step.toSeq - step.fromSeq + 1;
      return {
        restored,
        description: `${step.step} of messages ${step.fromSeq}–${step.toSeq} is shown in full again`,
      };
    },
    read: () => {
      if (inRead.getStore()) {
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'views',
          message:
            'AutoContextMemory.read() was called from inside its own compaction (a summarizer reading the view)',
        });
      }
      return queue.run(() =>
        inRead.run(true, async () => {
          const stats = await log.sync();
          if (logId !== undefined && stats.logId !== logId) {
            citer = newCiter();
            cache.clear();
            stepLog.reset();
          }
          logId = stats.logId;
          let steps = await stepLog.load();
          // After a deletion (or in a new process, whose first read sees the log afresh): steps over deleted messages go.
          if (checkedAt !== log.rereads) {
            checkedAt = log.rereads;
            while (await deleteStepsOverDeleted(conversation, steps, stats)) {
              stepLog.reset();
              steps = await stepLog.load();
            }
          }
          if (headAt !== log.rereads || head === undefined) {
            head = await headSeq(conversation, stats.lastSeq);
            headAt = log.rereads;
          }
          const heldFrom = await held.hold(findCut(steps, head)?.toSeq);
          const done = await runLadder({
            options: o,
            conversation,
            log,
            heldFrom,
            head,
            steps,
            logStats: stats,
            citer,
            summarizer,
            counter,
            cache,
          });
          shot = done.shot;
          // The read may have compacted or fallen back to the whole log: hold from where the next read starts.
          await held.hold(findCut(done.steps, head)?.toSeq);
          // What is sent: tool results answering no call left out (a ghost inside a unit the ladder keeps), counted.
          const items = done.shot.items;
          const out = sendableMessages(done.messages, done.stats.tokens, (i) => items[i]!.tokens, counter);
          last = { ...done.stats, tokens: out.tokens, messages: out.messages.length };
          return out.messages;
        }),
      );
    },
    store: (messages) => conversation.store(messages),
    appended: () => conversation.appended(),
  };
}

/** The first live non-system sequence number of the log up to `toSeq`, or undefined. */
async function headSeq(conversation: ConversationMemory, toSeq: number): Promise<number | undefined> {
  const first = await conversation.entries({ roles: ['user', 'assistant', 'tool'], toSeq, limit: 1 });
  return first[0]?.seq;
}
