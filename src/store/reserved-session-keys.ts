/**
 * The session metadata key a run marks a session it is still writing with (`'incomplete'`): `engram import`,
 * `engram ingest` and `sessions.copy`. A session that still has it once its run is gone (see
 * `abandonedSession`) was left by a crash; the next run that writes its id replaces it.
 */
export const importMarker = 'engram:import';

/** The session metadata key naming the run that writes a session marked {@link importMarker}. */
export const importOwnerKey = 'engram:import-run';

/**
 * The first of engram's own session metadata keys ({@link importMarker}, {@link importOwnerKey}) that `metadata`
 * holds, or undefined: an app's metadata may not hold them (a session created with the marker would read as an
 * import cut short, and the next import of its id would replace it).
 */
export const reservedSessionKey = (metadata: Readonly<Record<string, unknown>>): string | undefined =>
  [importMarker, importOwnerKey].find((key) => Object.hasOwn(metadata, key));
