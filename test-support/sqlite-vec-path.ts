/**
 * The loadable sqlite-vec library for tests and benches: from the `sqlite-vec` package when installed, else from
 * `ENGRAM_SQLITE_VEC_PATH` (a checkout without the package can still run them); undefined when neither.
 */
export async function sqliteVecPath(): Promise<{ path: string; from: string } | undefined> {
  try {
    const name = 'sqlite-vec'; // an optional package: not resolved at type-check time
    const mod = (await import(/* @vite-ignore */ name)) as { getLoadablePath(): string };
    return { path: mod.getLoadablePath(), from: 'the sqlite-vec package' };
  } catch {
    const path = process.env.ENGRAM_SQLITE_VEC_PATH;
    return path ? { path, from: 'ENGRAM_SQLITE_VEC_PATH (the package is not installed here)' } : undefined;
  }
}
