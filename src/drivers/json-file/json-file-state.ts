import { checkId } from '../../core/ids.ts';
import { checkJsonValue } from '../../messages/check-json-value.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import { checkArtifact, checkPutArtifactOptions } from '../../store/check-values.ts';
import { listedArtifact } from '../../store/listed-artifact.ts';
import type { LogDriverV1 } from '../../store/log-driver.ts';
import type { Artifact } from '../../store/memory-store.ts';
import { checkStateKey } from '../../store/state-scope.ts';
import { component, type JsonFileContext } from './json-file-context.ts';
import { createStateSlots } from './state-slots.ts';

type ArtifactStateMethods = Pick<
  LogDriverV1,
  'putArtifact' | 'listArtifacts' | 'deleteArtifact' | 'putState' | 'getState' | 'deleteState'
>;

/**
 * The json-file store's artifact and state methods: artifacts live in their session's document (rewritten
 * atomically, the cached copy restored when the write fails), state where `createStateSlots` says.
 */
export function jsonFileArtifactStateMethods(c: JsonFileContext): ArtifactStateMethods {
  const slots = createStateSlots({ load: c.load, component });
  return {
    putArtifact: (scope, sessionId, artifact, options) =>
      c.op(scope, async (t) => {
        const data = await c.session(t, scope, sessionId);
        checkArtifact(artifact, component);
        const createdAt = checkPutArtifactOptions(options, component);
        const stored: Artifact = { ...copyJsonValue(artifact), createdAt };
        const previous = data.artifacts.get(artifact.id);
        data.artifacts.set(artifact.id, stored);
        try {
          await t.files.saveDocument(data);
        } catch (error) {
          if (previous) data.artifacts.set(artifact.id, previous);
          else data.artifacts.delete(artifact.id);
          throw error;
        }
        return structuredClone(stored);
      }),

    listArtifacts: (scope, sessionId, kind, _since, options) =>
      c.op(scope, async (t) => {
        if (kind !== undefined) checkId(kind, 'kind', component);
        return [...(await c.session(t, scope, sessionId)).artifacts.values()]
          .filter((a) => kind === undefined || a.kind === kind)
          .sort((a, b) => a.toSeq - b.toSeq)
          .map((a) => listedArtifact(a, options));
      }),

    deleteArtifact: (scope, sessionId, artifactId) =>
      c.op(scope, async (t) => {
        const data = await c.session(t, scope, sessionId);
        checkId(artifactId, 'artifact id', component);
        const previous = data.artifacts.get(artifactId);
        if (!previous) return false;
        data.artifacts.delete(artifactId);
        try {
          await t.files.saveDocument(data);
        } catch (error) {
          data.artifacts.set(artifactId, previous);
          throw error;
        }
        return true;
      }),

    putState: (scope, key, state) =>
      c.op(scope, (t) => {
        checkStateKey(key, component);
        checkJsonValue(state, 'state', component);
        return slots.put(t, scope, key, state);
      }),
    getState: (scope, key) =>
      c.op(scope, (t) => {
        checkStateKey(key, component);
        return slots.get(t, scope, key);
      }),
    deleteState: (scope, key) =>
      c.op(scope, (t) => {
        checkStateKey(key, component);
        return slots.delete(t, scope, key);
      }),
  };
}
