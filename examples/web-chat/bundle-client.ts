/**
 * The page's script, bundled in memory by esbuild when the server starts (about a second; no build step, no
 * files written): `client/main.tsx` with React, `@ai-sdk/react` and the parts of `ai` it uses.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The client bundle as one ES module. */
export async function bundleClient(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./client/main.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (file === undefined) throw new Error('esbuild produced no bundle for client/main.tsx');
  return file.text;
}
