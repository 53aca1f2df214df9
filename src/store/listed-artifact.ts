import type { Artifact, ListArtifactsOptions } from './memory-store.ts';

/**
 * An in-process driver's stored artifact as `listArtifacts` hands it out: a deep copy, or, when `options.data` is
 * false, its id, kind, range and time with `data: null` (its data left uncopied).
 */
export function listedArtifact(artifact: Artifact, options: ListArtifactsOptions | undefined): Artifact {
  if (options?.data !== false) return structuredClone(artifact);
  const { id, kind, fromSeq, toSeq, createdAt } = artifact;
  return { id, kind, fromSeq, toSeq, data: null, createdAt: new Date(createdAt.getTime()) };
}
