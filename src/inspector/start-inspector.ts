import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { isLoopback } from './access-guard.ts';
import { createInspectorApp, type InspectorAppOptions } from './inspector-app.ts';
import { assertStrongToken, generateInspectorToken } from './inspector-token.ts';
import type { InspectorSource } from './read-only-source.ts';

/** Options of {@link startInspector}. */
export interface StartInspectorOptions extends InspectorAppOptions {
  /**
   * The address to bind. Beyond loopback every request needs the token: without `token`, a strong one is
   * generated and is part of {@link RunningInspector.url}. @default '127.0.0.1'
   */
  host?: string;
  /** The port; 0 picks a free one. @default 4870 */
  port?: number;
}

/** A running inspector. */
export interface RunningInspector {
  /** Where to open it (with `?token=` when a token is set). */
  readonly url: string;
  /** The token every request must carry (given, or generated for a non-loopback host), if any. */
  readonly token: string | undefined;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Serves the inspector over HTTP. Binds 127.0.0.1 by default. A given `token` must be strong
 * ({@link assertStrongToken}: at least 20 printable non-space characters, 64 bits of estimated entropy), else
 * `INVALID_ARGUMENT`; on a non-loopback `host` without one, a random 256-bit token is generated (in `url` and
 * `token`), since anyone who reaches the server would otherwise read the memory.
 */
export async function startInspector(
  source: InspectorSource,
  options: StartInspectorOptions = {},
): Promise<RunningInspector> {
  const host = options.host ?? '127.0.0.1';
  if (options.token !== undefined) assertStrongToken(options.token);
  const token = options.token ?? (isLoopback(host) ? undefined : generateInspectorToken());
  const app = createInspectorApp(source, { ...options, ...(token === undefined ? {} : { token }) });
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve, reject) => {
      const s = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 4870 }, (info: AddressInfo) =>
        resolve({ server: s, port: info.port }),
      );
      s.once('error', reject);
    },
  );
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  return {
    url,
    token,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
