import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { checkJsonValue } from '../../messages/check-json-value.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import { checkArtifact, checkPutArtifactOptions } from '../../store/check-values.ts';
import { listedArtifact } from '../../store/listed-artifact.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import type { Artifact } from '../../store/memory-store.ts';
import { checkStateKey, stateKeySession } from '../../store/state-scope.ts';
import { sessionNotFound } from '../../store/store-helpers.ts';
import { component, findSession, type MemoryTables, sessionKey } from './memory-tables.ts';

type ArtifactStateMethods = Pick<
  LogDriverV1,
  'putArtifact' | 'listArtifacts' | 'deleteArtifact' | 'putState' | 'getState' | 'deleteState'
>;

/** The in-process store's artifact and component-state methods (values stored and handed out as copies). */
export function memoryArtifactStateMethods(t: MemoryTables): ArtifactStateMethods {
  /** Checks a state key; false when it names a session (`session:<id>:<name>`) the scope does not own. */
  const stateAllowed = (scope: Scope, key: string) => {
    checkStateKey(key, component);
    const id = stateKeySession(key);
    return id === undefined || t.sessions.has(sessionKey(scope, id));
  };
  return {
    async putArtifact(scope, sessionId, artifact, options) {
      const data = findSession(t, scope, sessionId);
      checkArtifact(artifact, component);
      const createdAt = checkPutArtifactOptions(options, component);
      const stored: Artifact = { ...copyJsonValue(artifact), createdAt };
      data.artifacts.set(artifact.id, stored);
      return structuredClone(stored);
    },

    async listArtifacts(scope, sessionId, kind, since, options) {
      if (kind !== undefined) checkId(kind, 'kind', component);
      const data = findSession(t, scope, sessionId);
      // Only those written at or after `since`: a reader following the session (an artifact log) gets what is new,
      // not a copy of every artifact on each look.
      const from = since?.getTime() ?? Number.NEGATIVE_INFINITY;
      return [...data.artifacts.values()]
        .filter((a) => (kind === undefined || a.kind === kind) && a.createdAt.getTime() >= from)
        .sort((a, b) => a.toSeq - b.toSeq)
        .map((a) => listedArtifact(a, options));
    },

    async deleteArtifact(scope, sessionId, artifactId) {
      const data = findSession(t, scope, sessionId);
      checkId(artifactId, 'artifact id', component);
      return data.artifacts.delete(artifactId);
    },

    async putState(scope, key, state) {
      checkStateKey(key, component);
      checkJsonValue(state, 'state', component);
      if (!stateAllowed(scope, key)) throw sessionNotFound(stateKeySession(key)!, component);
      t.states.set(sessionKey(scope, key), { tenant: scope.tenant, key, value: copyJsonValue(state) });
    },

    async getState(scope, key) {
      if (!stateAllowed(scope, key)) return undefined;
      const found = t.states.get(sessionKey(scope, key));
      return found === undefined ? undefined : structuredClone(found.value);
    },

    async deleteState(scope, key) {
      if (stateAllowed(scope, key)) t.states.delete(sessionKey(scope, key));
    },
  };
}
