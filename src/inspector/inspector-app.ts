import { Hono } from 'hono';
import { accessGuard } from './access-guard.ts';
import type { ApiContext } from './api/api-context.ts';
import { registerContentRoutes } from './api/content-routes.ts';
import { registerMemoryRoutes } from './api/memory-routes.ts';
import { rejectMalformedEncoding } from './api/percent-encoding.ts';
import { registerSessionRoutes } from './api/session-routes.ts';
import { registerStepRoutes } from './api/step-routes.ts';
import type { FailedAttemptsOptions } from './failed-attempts.ts';
import type { InspectorSource } from './read-only-source.ts';
import { registerStaticFiles } from './static-files.ts';

/** Options of {@link createInspectorApp}. */
export interface InspectorAppOptions {
  /** Every request must carry it (header, `?token=` or the cookie set from it). @default none (loopback only) */
  token?: string;
  /** The budget of failed token attempts per client (429 with `Retry-After` past it). @default 10 a minute */
  failedAttempts?: FailedAttemptsOptions;
  /** Send texts as stored; otherwise API-key-shaped strings are redacted in every answer. @default false */
  showSecrets?: boolean;
  /** The front end's folder. @default `public/` beside this module */
  publicDir?: string;
}

/**
 * The inspector's web app (a Hono app, any fetch-based server can run it): the JSON API under `/api/…` and the
 * static front end, behind {@link accessGuard}. Read-only by construction: it is given only an
 * {@link InspectorSource} (read methods), and only GET routes exist.
 */
export function createInspectorApp(source: InspectorSource, options: InspectorAppOptions = {}): Hono {
  const app = new Hono();
  const api: ApiContext = { source, showSecrets: options.showSecrets === true };
  app.use(
    '*',
    accessGuard({
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.failedAttempts === undefined ? {} : { attempts: options.failedAttempts }),
    }),
  );
  app.use('/api/*', rejectMalformedEncoding(api));
  app.get('/api/info', (c) =>
    c.json({
      scope: source.scope,
      content: source.content !== undefined,
      longTerm: source.longTerm !== undefined,
      showSecrets: api.showSecrets,
    }),
  );
  registerSessionRoutes(app, api);
  registerStepRoutes(app, api);
  registerContentRoutes(app, api);
  registerMemoryRoutes(app, api);
  app.get('/api/*', (c) => c.json({ error: 'no such API route' }, 404));
  registerStaticFiles(app, options.publicDir);
  return app;
}
