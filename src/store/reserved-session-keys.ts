/**
 * The session metadata key `engram import` and `engram ingest` mark a session they are still writing with
 * (`'incomplete'`): a session that still has it was left by a crashed run, which the next run replaces.
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
