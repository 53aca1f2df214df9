import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { errorReason } from '../../core/errors/error-reason.ts';
import { type CliContext, integerFlag } from '../cli-context.ts';
import { openStore, UsageError } from '../open-store.ts';

interface InspectOptions {
  port: number;
  host: string;
  token?: string;
  open?: boolean;
  showSecrets?: boolean;
}

/** Opens a URL with the platform's opener; a failure only prints a line (the URL is printed anyway). */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stderr.write(`engram: could not open a browser; open ${url}\n`));
  child.unref();
}

/**
 * The usage error for an address the server could not listen on (a port in use, a host that resolves to nothing
 * or is not this machine's), naming the flag to change; any other error as it is.
 */
function listenError(error: unknown, o: InspectOptions): unknown {
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (syscall !== 'listen' && syscall !== 'getaddrinfo') return error;
  if (code === 'EADDRINUSE')
    return new UsageError(
      `--port ${o.port}: the address is in use on ${o.host} (give another --port, or 0 for a free one)`,
    );
  if (code === 'EACCES')
    return new UsageError(`--port ${o.port}: no permission to listen on it (give a port above 1023)`);
  return new UsageError(
    `--host ${o.host}: cannot listen on it (${code ?? (error as Error).message}): give an address of this machine, such as 127.0.0.1`,
  );
}

/** Resolves on the first SIGINT or SIGTERM. */
const stopSignal = () =>
  new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });

/**
 * Registers `engram inspect`: serves the read-only web inspector on 127.0.0.1 (on a non-loopback `--host`, with
 * `--token` or a generated token it prints) until SIGINT / SIGTERM, then closes the store. The server is loaded only by this command.
 */
export function registerInspectCommand(program: Command, cli: CliContext): void {
  program
    .command('inspect')
    .description(
      'serve a local, read-only web inspector: sessions, steps by source, content, long-term records',
    )
    .option('--port <n>', 'the port (0 picks a free one)', integerFlag('--port', 0, 65_535), 4870)
    .option(
      '--host <address>',
      'the address to bind; on a non-loopback one, a token is generated unless --token is given',
      '127.0.0.1',
    )
    .option(
      '--token <token>',
      'require this token (20+ random characters) on every request (or set ENGRAM_INSPECTOR_TOKEN)',
    )
    .option('--show-secrets', 'show API-key-shaped strings in messages unredacted')
    .option('--open', 'open the inspector in a browser')
    .action(async (o: InspectOptions) => {
      const token = o.token ?? process.env.ENGRAM_INSPECTOR_TOKEN;
      const { assertStrongToken, readOnlySource, startInspector } = await import('../../inspector/index.ts');
      if (token !== undefined)
        try {
          assertStrongToken(token);
        } catch (error) {
          throw new UsageError(
            `${o.token === undefined ? 'ENGRAM_INSPECTOR_TOKEN' : '--token'}: ${errorReason(error)}`,
          );
        }
      if (o.host.trim() === '')
        throw new UsageError(`--host "${o.host}" names no address: give one, such as 127.0.0.1`);
      const scope = cli.scope();
      const store = await openStore(cli.flags(), 'read');
      try {
        const running = await startInspector(readOnlySource(store, scope), {
          host: o.host,
          port: o.port,
          showSecrets: o.showSecrets === true,
          ...(token === undefined ? {} : { token }),
        }).catch((error: unknown) => {
          throw listenError(error, o);
        });
        const stopped = stopSignal(); // listening before the URL is out, so a signal sent on seeing it is caught
        process.stdout.write(`engram inspector (read-only) at ${running.url}\nCtrl-C stops it.\n`);
        if (token === undefined && running.token !== undefined)
          process.stdout.write(
            `--host ${o.host} is not a loopback address: generated the token ${running.token}\n`,
          );
        if (o.open) openBrowser(running.url);
        await stopped;
        await running.close();
      } finally {
        await store.close();
      }
    });
}
