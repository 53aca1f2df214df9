import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { MemoryError } from '../core/errors/memory-error.ts';
import { isLoopback } from './access-guard.ts';
import { createInspectorApp, type InspectorAppOptions } from './inspector-app.ts';
import type { InspectorSource } from './read-only-source.ts';

/** Options of {@link startInspector}. */
export interface StartInspectorOptions extends InspectorAppOptions {
  /** The address to bind: a loopback one unless `token` is set. @default '127.0.0.1' */
  host?: string;
  /** The port; 0 picks a free one. @default 4870 */
  port?: number;
}

/** A running inspector. */
export interface RunningInspector {
  /** Where to open it (with `?token=` when a token is set). */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves the inspector over HTTP. Binds 127.0.0.1 by default; a non-loopback `host` is refused
 * (`INVALID_ARGUMENT`) unless a `token` is set, since anyone who reaches it would read the memory.
 */
export async function startInspector(
  source: InspectorSource,
  options: StartInspectorOptions = {},
): Promise<RunningInspector> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && options.token === undefined)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'inspector',
      message: `refusing to serve on ${host}, which is not a loopback address, without --token`,
    });
  if (options.token !== undefined && options.token.length < 8)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'inspector',
      message: 'the token must have at least 8 characters',
    });
  const app = createInspectorApp(source, options);
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve, reject) => {
      const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 4870 }, (info: AddressInfo) =>
        resolve({ server: s, port: info.port }),
      );
      s.once('error', reject);
    },
  );
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/${options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`}`;
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
