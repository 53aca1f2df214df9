import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { HasAppendWithArtifacts } from './append-with-artifacts.ts';
import { defaultMaxMessageBytes, type InputLimits } from './check-inputs.ts';
import { checkListArtifactsOptions, checkPutArtifactOptions, checkSince } from './check-values.ts';
import { engineAppends } from './engine-append.ts';
import { engineDeleteSession } from './engine-delete.ts';
import { forkByCopy } from './fork-by-copy.ts';
import { isForkLinkKey } from './fork-links.ts';
import type { LogDriverV1 } from './log-driver.ts';
import { createLogOperations } from './log-operations.ts';
import type { MemoryStoreV1, StoreCapabilities } from './memory-store.ts';
import { checkStateKey } from './state-scope.ts';
import { createStoreGate } from './store-gate.ts';

/**
 * Builds the `MemoryStoreV1` users hold from a small `LogDriverV1` (the way unstorage builds its storage from a
 * driver): a driver writes what only it can do, the engine supplies the rest. `extras` are other contracts the
 * store carries beside the log (`{ contentItems, longTermRecords }`), returned as they are.
 *
 * Before every call the engine refuses a closed store (`STORE_CLOSED`; `close()` calls the driver's `close`
 * once, after every call already started has settled, and a second `close()` returns the first one's promise)
 * and checks the scope (`checkScope`); the driver checks every other argument with the kit's checks. Each
 * required method is delegated as it is; each optional one is the driver's native path when it has one, else:
 * - `getMessages`: `readRange` filtered by id (log-fallbacks.ts);
 * - `clearMessages`: `deleteMessages` of every live id (log-fallbacks.ts);
 * - `replaceMessages`: `planReplace`, then the deletes and the appends (replace-fallback.ts);
 * - `searchMessages`: a case-insensitive substring scan (search-fallback.ts), `fullTextSearch` false;
 * - forks, unless the driver sets `nativeForks`: the fork is a copy of its parent's entries made at fork time,
 *   and its link (`parentId`, `forkedAtSeq`) is kept in the reserved session state key
 *   `session:<id>:engram.fork` (fork-by-copy.ts, fork-links.ts); a caller's put / get / delete of that key is
 *   `INVALID_ARGUMENT`, and `getSession` / `listSessions` read it (one `getState` per record).
 * The multi-step ones (replace, clear, a fork, and on a copying driver every delete, which may end a fork
 * link) run inside `driver.transaction` when the driver has one, so they are atomic as far as it is. Without
 * one they run alone among this handle's calls (a readers-writer gate: single-step calls still run side by
 * side), which keeps every caller of the handle from seeing half of one, but is not crash-atomic, and holds
 * back neither another handle nor another process; each fallback's doc comment says what a crash leaves.
 *
 * `appendWithArtifacts` (`HasAppendWithArtifacts`) appends, deletes the artifacts it names and then writes the artifacts inside
 * `driver.transaction` when the driver has one (one commit); without one, alone among the handle's calls, the
 * messages first (a crash may leave them without the artifacts, never the reverse). An `append` made inside
 * `withArtifactsOnAppend` for its session takes that path.
 *
 * A conditional `append` (`options.ifLastSeq`, `options.ifLogId`, see `AppendOptions`; its options are checked here
 * with `checkAppendOptions`) goes to the driver's `append` when it sets `nativeConditionalAppend`. Otherwise the
 * engine checks the inputs, reads `stats` and appends (`CONFLICT`, nothing stored, when `lastSeq` or `logId`
 * differs, or with `ifLogId` the session is missing) inside
 * `driver.transaction` when the driver has one, so the condition holds as far as its isolation does; without one,
 * alone among the handle's calls: another handle or process appending in between is not seen (the limit of a
 * driver with neither). A conditional append carrying riding artifacts checks the same way before writing them.
 *
 * When `extras` carry `longTermRecords`, `deleteSession` first purges the records bound to the session (their
 * metadata `engram.session` names it, see `sessionBoundKey`), then deletes it: two steps, not one transaction.
 *
 * A conditional `deleteSession` (`options.ifLogId`, `options.ifUpdatedBefore`, see `DeleteSessionOptions`; checked
 * here with `checkDeleteSessionOptions`) goes to the driver's `deleteSession` when it sets `nativeConditionalDelete`
 * (and `nativeForks`). Otherwise the engine reads `stats` and the session and deletes (`CONFLICT`, nothing deleted,
 * when the session is missing, its `logId` differs or it was written at or after `ifUpdatedBefore`) inside `driver.transaction` when the driver has one, else alone among the
 * handle's calls, as for a conditional append. With `longTermRecords` the `logId` is checked before the purge too,
 * so a refused delete purges nothing; a session deleted and created again by another caller between that check and
 * the delete (its records bound to the session id purged in between) is the limit of the two steps
 * (engine-delete.ts).
 *
 * `capabilities` are the driver's, a missing flag false (`fullTextSearch` also false without a native
 * `searchMessages`).
 * @example
 * const store = createLogStore(myDriver, { contentItems: createMemoryContentItems() });
 * await store.createSession({ tenant: 'acme' }, { id: 'chat' });
 */
export function createLogStore(driver: LogDriverV1): MemoryStoreV1 & HasAppendWithArtifacts;
/** {@inheritDoc createLogStore} */
export function createLogStore<E extends object>(
  driver: LogDriverV1,
  extras: E,
): MemoryStoreV1 & HasAppendWithArtifacts & E;
export function createLogStore<E extends object>(
  driver: LogDriverV1,
  extras?: E,
): MemoryStoreV1 & HasAppendWithArtifacts {
  if (driver?.specificationVersion !== 'v1') {
    const message = 'createLogStore(driver): the driver must be a LogDriverV1 (specificationVersion "v1")';
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component: 'log-store', message });
  }
  const component = driver.name;
  const copyForks = driver.nativeForks !== true;
  const limits: InputLimits = {
    component,
    maxMessageBytes: driver.maxMessageBytes ?? defaultMaxMessageBytes,
  };
  const ops = createLogOperations(copyForks, limits);
  const exclusiveClear = copyForks || driver.clearMessages === undefined;
  const exclusiveReplace = copyForks || driver.replaceMessages === undefined;
  const nativeConditions = driver.nativeConditionalAppend === true && driver.nativeConditionalDelete === true;
  const gate =
    driver.transaction === undefined && (exclusiveClear || exclusiveReplace || !nativeConditions)
      ? createStoreGate()
      : undefined;
  let closing: Promise<void> | undefined;
  const records = (extras as Partial<HasLongTermRecords> | undefined)?.longTermRecords;

  const enter = (scope: Scope) => {
    if (closing) throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
    checkScope(scope, component);
  };
  /** Runs a single driver step (or reads), beside other single steps. */
  const step = <T>(work: () => Promise<T>): Promise<T> => (gate ? gate.shared(work) : work());
  /** Runs a multi-step change: in the driver's transaction, else alone among this handle's calls. */
  const change = <T>(work: (d: LogDriverV1, atomic: boolean) => Promise<T>): Promise<T> => {
    if (driver.transaction) return driver.transaction((d) => work(d, true));
    return gate ? gate.exclusive(() => work(driver, false)) : work(driver, false);
  };
  /** Checks a state key, refusing the engine's reserved fork link. */
  const stateKey = (key: string) => {
    if (!copyForks) return;
    checkStateKey(key, component);
    if (isForkLinkKey(key)) {
      const message = `state key "${key}": the name engram.fork is reserved for the engine's fork links`;
      throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message });
    }
  };

  const caps = driver.capabilities ?? {};
  const capabilities: StoreCapabilities = {
    fullTextSearch: (caps.fullTextSearch ?? false) && driver.searchMessages !== undefined,
    vectorSearch: caps.vectorSearch ?? false,
    multiProcess: caps.multiProcess ?? false,
    durable: caps.durable ?? false,
  };

  const appends = engineAppends({ driver, limits, step, change });
  const deleteSession = engineDeleteSession({ driver, component, ops, copyForks, records, step, change });
  const appendWithArtifacts: HasAppendWithArtifacts['appendWithArtifacts'] = async (
    scope,
    sessionId,
    inputs,
    artifacts,
    deleted = [],
  ) => {
    enter(scope);
    return appends.appendWithArtifacts(scope, sessionId, inputs, artifacts, deleted, undefined);
  };

  const store: MemoryStoreV1 & HasAppendWithArtifacts = {
    specificationVersion: 'v1',
    name: driver.name,
    capabilities,

    async createSession(scope, input = {}) {
      enter(scope);
      const { fork } = input;
      if (fork && copyForks) return change((d, atomic) => forkByCopy(d, scope, { ...input, fork }, atomic));
      return step(() => driver.createSession(scope, input));
    },
    async getSession(scope, sessionId) {
      enter(scope);
      return step(async () => {
        const record = await driver.getSession(scope, sessionId);
        return record && ops.record(driver, record);
      });
    },
    async listSessions(scope, options) {
      enter(scope);
      return step(async () => {
        const records = await driver.listSessions(scope, options);
        return copyForks ? Promise.all(records.map((r) => ops.record(driver, r))) : records;
      });
    },
    async updateSession(scope, sessionId, metadata) {
      enter(scope);
      return step(async () => ops.record(driver, await driver.updateSession(scope, sessionId, metadata)));
    },
    async deleteSession(scope, sessionId, options) {
      enter(scope);
      return deleteSession(scope, sessionId, options);
    },

    async append(scope, sessionId, inputs, options) {
      enter(scope);
      return appends.append(scope, sessionId, inputs, options);
    },
    appendWithArtifacts,
    async readRange(scope, sessionId, query) {
      enter(scope);
      return step(() => driver.readRange(scope, sessionId, query));
    },
    async getMessages(scope, sessionId, ids) {
      enter(scope);
      return step(() => ops.getMessages(driver, scope, sessionId, ids));
    },
    async stats(scope, sessionId) {
      enter(scope);
      return step(() => driver.stats(scope, sessionId));
    },
    async deleteMessages(scope, sessionId, ids) {
      enter(scope);
      if (copyForks) return change((d) => ops.deleteMessages(d, scope, sessionId, ids));
      return step(() => driver.deleteMessages(scope, sessionId, ids));
    },
    async clearMessages(scope, sessionId) {
      enter(scope);
      if (exclusiveClear) return change((d) => ops.clearMessages(d, scope, sessionId));
      return step(() => ops.clearMessages(driver, scope, sessionId));
    },
    async replaceMessages(scope, sessionId, inputs) {
      enter(scope);
      if (exclusiveReplace) return change((d) => ops.replaceMessages(d, scope, sessionId, inputs));
      return step(() => ops.replaceMessages(driver, scope, sessionId, inputs));
    },
    async searchMessages(scope, query) {
      enter(scope);
      return step(() => ops.searchMessages(driver, scope, query));
    },

    async putArtifact(scope, sessionId, artifact, options) {
      enter(scope);
      checkPutArtifactOptions(options, component);
      return step(() => driver.putArtifact(scope, sessionId, artifact, options));
    },
    async listArtifacts(scope, sessionId, kind, since, options) {
      enter(scope);
      if (since !== undefined) checkSince(since, component);
      checkListArtifactsOptions(options, component);
      return step(() => driver.listArtifacts(scope, sessionId, kind, since, options));
    },
    async deleteArtifact(scope, sessionId, artifactId) {
      enter(scope);
      return step(() => driver.deleteArtifact(scope, sessionId, artifactId));
    },

    async putState(scope, key, state) {
      enter(scope);
      stateKey(key);
      return step(() => driver.putState(scope, key, state));
    },
    async getState(scope, key) {
      enter(scope);
      stateKey(key);
      return step(() => driver.getState(scope, key));
    },
    async deleteState(scope, key) {
      enter(scope);
      stateKey(key);
      return step(() => driver.deleteState(scope, key));
    },

    close() {
      closing ??= (async () => {
        if (gate) await gate.exclusive(async () => undefined); // let every started call settle first
        await driver.close?.();
      })();
      return closing;
    },
  };
  return extras === undefined ? store : { ...extras, ...store };
}
