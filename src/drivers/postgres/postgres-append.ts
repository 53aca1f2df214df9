import { setTimeout as sleep } from 'node:timers/promises';
import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import type { LogEntry } from '../../core/message.ts';
import { storedCopy } from '../../store/stored-copy.ts';
import type { GroupCall } from '../sql/group-commit.ts';
import { type DistinctInputs, distinctInputs, rowColumns } from '../sql/sql-append.ts';
import { type AppendBatchRunner, type AppendCall, appendEachAlone } from '../sql/sql-append-batch.ts';
import type { SqlClient, SqlRow } from '../sql/sql-client.ts';
import type { LogContext } from '../sql/sql-log.ts';
import { isTransientError } from './postgres-client.ts';

type Call = GroupCall<AppendCall, LogEntry[]>;

/** The routine of schema v9 (one statement, so it commits on its own: no BEGIN, no COMMIT). */
const routine =
  'SELECT r_call, r_index, r_seq, r_tokens FROM engram_append_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ORDER BY r_call, r_index';

/** SQLSTATE the routine raises for an id taken by a different message (its detail is the id). */
const duplicateState = 'EG001';

/** The routine's parameters for calls whose inputs have distinct ids. */
function routineParams(client: SqlClient, batch: readonly { call: Call; inputs: DistinctInputs }[]) {
  const now = Date.now();
  const c: [string[], string[], string[], string[], number[]] = [[], [], [], [], []];
  const m: [string[], string[], number[], number[], string[], string[]] = [[], [], [], [], [], []];
  for (const { call, inputs } of batch) {
    const { scope, sessionId } = call.input;
    c[0].push(scope.tenant);
    c[1].push(scope.user ?? '');
    c[2].push(scope.agent ?? '');
    c[3].push(sessionId);
    c[4].push(inputs.distinct.length);
    for (const p of inputs.distinct) {
      const { created, text } = rowColumns(client.dialect, p, now);
      m[0].push(p.input.message.id);
      m[1].push(p.input.message.role);
      m[2].push(created);
      m[3].push(p.input.tokens);
      m[4].push(p.json);
      m[5].push(text);
    }
  }
  return [now, Number.MAX_SAFE_INTEGER, ...c, ...m];
}

/** Runs the routine, retrying a serialization failure or deadlock (the statement then committed nothing). */
async function callRoutine(client: SqlClient, params: unknown[]): Promise<SqlRow[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.all(routine, params as never);
    } catch (error) {
      if (!isTransientError(error) || attempt >= 3) throw error;
      await sleep(5 * 2 ** attempt + Math.random() * 10);
    }
  }
}

/**
 * Appends calls with the routine in one statement; settles each call it appended and returns the calls it left
 * to the general path (missing session, fork, token limit). When the statement fails (an id taken by a different
 * message, anything else) nothing was committed: a lone call gets the error, several calls are each run alone.
 */
async function viaRoutine(
  client: SqlClient,
  ctx: LogContext,
  batch: readonly { call: Call; inputs: DistinctInputs }[],
): Promise<Call[]> {
  let rows: SqlRow[];
  try {
    rows = await callRoutine(client, routineParams(client, batch));
  } catch (error) {
    if (batch.length > 1) {
      const left: Call[] = [];
      for (const one of batch) left.push(...(await viaRoutine(client, ctx, [one])));
      return left;
    }
    const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
    batch[0]!.call.reject(
      code === duplicateState
        ? new DuplicateMessageIdError({ messageId: String(detail), component: ctx.component })
        : error,
    );
    return [];
  }
  const entries = batch.map((): (LogEntry | undefined)[] => []);
  const general = new Set<number>();
  for (const row of rows) {
    const i = Number(row.r_call) - 1;
    if (row.r_seq === null) {
      general.add(i);
      continue;
    }
    const p = batch[i]!.inputs.distinct[Number(row.r_index)]!;
    entries[i]![Number(row.r_index)] = Object.freeze({
      seq: Number(row.r_seq),
      message: storedCopy(p.input.message, p.json),
      tokens: Number(row.r_tokens),
    });
  }
  const left: Call[] = [];
  for (const [i, { call, inputs }] of batch.entries()) {
    if (general.has(i)) left.push(call);
    else call.resolve(inputs.order.map((slot) => entries[i]![slot]!));
  }
  return left;
}

/**
 * PostgreSQL's group-commit batch: every call whose inputs have distinct ids goes into one statement (the
 * `engram_append_batch` routine of schema v9): one round trip and one commit for the whole batch, however many
 * sessions it spans. The calls it leaves (missing session, fork, token limit, an empty or self-conflicting
 * batch, a conditional append) then run the general path, each in its own transaction, in arrival order — what they would have got
 * without group commit.
 */
export const postgresAppendBatch: AppendBatchRunner = async (client, ctx, take) => {
  const calls = take();
  const batch: { call: Call; inputs: DistinctInputs }[] = [];
  const general: Call[] = [];
  for (const call of calls) {
    // A conditional append (the store runs those alone) takes the general path, which checks its condition.
    const plain = call.input.prepared.length > 0 && call.input.condition === undefined;
    const inputs = plain ? distinctInputs(call.input.prepared) : undefined;
    if (inputs) batch.push({ call, inputs });
    else general.push(call);
  }
  if (batch.length > 0) general.push(...(await viaRoutine(client, ctx, batch)));
  const arrival = new Map(calls.map((call, i) => [call, i]));
  await appendEachAlone(
    client,
    ctx,
    general.sort((a, b) => arrival.get(a)! - arrival.get(b)!),
  );
};
