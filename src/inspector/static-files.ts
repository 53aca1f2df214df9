import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';

/** The front end's folder: `public/` beside this module, in the sources and in the built package alike. */
export const publicDir = fileURLToPath(new URL('./public/', import.meta.url));

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)],
  );
}

/**
 * Serves the front end: every file of `dir` read once into memory under its path (`/` is `index.html`), so no
 * request path can reach any other file; any other path is a 404 (the app routes on `#`).
 */
export function registerStaticFiles(app: Hono, dir: string = publicDir): void {
  const served = new Map<string, { body: Uint8Array; type: string }>();
  for (const file of files(dir)) {
    const type = types[extname(file)];
    if (type) served.set(`/${relative(dir, file).split(sep).join('/')}`, { body: readFileSync(file), type });
  }
  const index = served.get('/index.html');
  app.get('*', (c) => {
    const file = c.req.path === '/' ? index : served.get(c.req.path);
    if (!file) return c.json({ error: 'not found' }, 404);
    c.header('Content-Type', file.type);
    c.header('Cache-Control', 'no-cache');
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });
}
